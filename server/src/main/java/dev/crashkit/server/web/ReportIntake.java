package dev.crashkit.server.web;

import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How checked reports enter the store, whichever endpoint received them: one stored report per part,
 * a part found again by its client id ("ID PART" for a part of a multi-report upload) stored once, the
 * workers woken when anything is new.
 */
final class ReportIntake {
    private final Services s;

    ReportIntake(Services services) {
        this.s = services;
    }

    /** Stores the parts of one upload ({@link ReportSymbolicator#checkAll}); the client id is optional. */
    List<ReportStore.Ingested> ingest(List<ReportSymbolicator.Part> parts, Optional<String> clientId) throws IOException {
        return ingest(parts, clientId, dev.crashkit.server.store.Projects.DEFAULT_ID);
    }

    /** As {@link #ingest(List, Optional)}, into project {@code projectId}. */
    List<ReportStore.Ingested> ingest(List<ReportSymbolicator.Part> parts, Optional<String> clientId, long projectId)
            throws IOException {
        List<ReportStore.Ingested> stored = new ArrayList<>(parts.size());
        long now = System.currentTimeMillis();
        for (ReportSymbolicator.Part p : parts) {
            Optional<String> partId = p.part().isEmpty() ? clientId : clientId.map(id -> id + " " + p.part().get());
            ReportStore.Ingested in = s.reports().ingest(p.body(), Api.sha256(p.body()), p.checked().format(),
                    p.checked().dimensions(), partId, now, projectId);
            if (in.created()) {
                s.metrics().received();
            } else {
                s.metrics().duplicate();
            }
            stored.add(in);
        }
        return stored;
    }

    /** Wakes the workers when any of the reports is new; true then. */
    boolean wakeIfCreated(List<ReportStore.Ingested> stored) {
        boolean created = stored.stream().anyMatch(ReportStore.Ingested::created);
        if (created) {
            s.workers().wake();
        }
        return created;
    }
}
