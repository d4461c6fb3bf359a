package dev.crashkit.server.web;

import dev.crashkit.server.store.Projects;
import dev.crashkit.server.web.view.ProjectsView;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.Javalin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The projects page: each project's DSN and minidump URL (signed in as the other pages are). */
final class ProjectPages {
    private final Projects projects;
    private final ProjectsApi api;
    private final Auth auth;
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    ProjectPages(Projects projects, ProjectsApi api, Auth auth) {
        this.projects = projects;
        this.api = api;
        this.auth = auth;
    }

    void register(Javalin app) {
        app.get("/projects", ctx -> {
            if (!auth.pageOk(ctx)) {
                ctx.redirect("/login");
                return;
            }
            List<ProjectsView.Row> rows = new ArrayList<>();
            for (Projects.Project p : projects.list()) {
                String dsn = api.dsn(p, ctx);
                rows.add(new ProjectsView.Row(p.id(), p.name(), dsn, ProjectsApi.minidumpUrl(dsn, p),
                        p.uploadTokenSha256().isPresent()));
            }
            StringOutput out = new StringOutput();
            engine.render("projects.jte", Map.of("page", new ProjectsView(rows)), out);
            ctx.html(out.toString());
        });
    }
}
