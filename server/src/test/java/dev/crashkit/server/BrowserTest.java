package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web UI in a real browser (Debian's headless Chromium + ChromeDriver, which .ci/setup.d/server.sh
 * installs; without them this test fails): sign in with the token, upload the dSYM through the form,
 * then groups list → group → report, where the symbolicated function names must be on the page.
 * Screenshots go to server/target/ui-*.png.
 */
class BrowserTest {
    private static final String TOKEN = "browser-test-token-5b1f";
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    Path data;
    CrashkitServer server;
    WebDriver browser;

    @BeforeEach
    void start() throws Exception {
        assertTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "this test needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)");
        server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(TOKEN), m -> { });
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1000");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void signInUploadTheDsymAndFollowListToGroupToReport() throws Exception {
        Http api = new Http(server.port(), Optional.of(TOKEN));
        Http.Response created = api.post("/api/reports", TestData.bytes("reports/sample-crash.json"));
        assertEquals(201, created.status(), created.body());
        String id = created.json().get("id").asText();
        api.awaitSymbolicated(id, "partial");
        String base = "http://127.0.0.1:" + server.port();

        // Without the token the pages ask for it.
        browser.get(base + "/");
        browser.findElement(By.name("token")).sendKeys(TOKEN);
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        waitFor(By.id("groups"));

        // Upload the dSYMs through the form on the missing-debug-files page.
        Path zip = data.resolve("App-arm64.dSYM.zip");
        Files.write(zip, TestData.zip(TestData.path("macho/App-arm64.dSYM")));
        browser.get(base + "/missing");
        assertTrue(text().contains("4C4C44F2-5555-3144-A157-E368F8FB0F1A"), "the App dSYM is listed as missing");
        browser.findElement(By.name("file")).sendKeys(zip.toAbsolutePath().toString());
        browser.findElement(By.cssSelector("form.upload button")).click();
        assertTrue(waitFor(By.id("upload-message")).getText().contains("4C4C44F2-5555-3144-A157-E368F8FB0F1A"));
        screenshot("ui-missing.png");
        awaitNamed(api, id);

        // List -> group -> report.
        browser.get(base + "/");
        WebElement group = waitFor(By.cssSelector("a.group-link"));
        assertEquals("SIGSEGV in ck_crash_null", group.getText());
        screenshot("ui-groups.png");
        group.click();
        waitFor(By.id("reports"));
        assertTrue(text().contains("ck_dispatch"), "signature frames on the group page");
        screenshot("ui-group.png");
        browser.findElement(By.cssSelector("a.report-link")).click();
        waitFor(By.cssSelector(".thread"));
        String page = text();
        for (String name : List.of("ck_crash_null + 0", "ck_dispatch + 100", "main + 68",
                "crashkit::Parser::parse(char const*) const")) {
            assertTrue(page.contains(name), "report page shows " + name);
        }
        assertTrue(page.contains("Waiting for debug files") && page.contains("libCrashKitUtil.dylib"),
                "the images still missing are named");
        // Apple's images without symbols: apart, with where to get them, not among those waited for.
        WebElement system = browser.findElement(By.id("missing-system"));
        assertTrue(system.getText().contains("dyld") && system.getText().contains("libsystem_kernel.dylib")
                && system.getText().contains("iOS DeviceSupport"), system.getText());
        assertTrue(!browser.findElement(By.cssSelector(".card")).getText().contains("dyld"),
                "dyld is not among the images waited for");
        List<WebElement> crashedFirst = browser.findElements(By.cssSelector(".thread h3"));
        assertTrue(crashedFirst.get(0).getText().contains("(crashed)"), "crashed thread first");
        assertTrue(!browser.findElements(By.cssSelector(".frame.app")).isEmpty(), "app frames highlighted");
        screenshot("ui-report.png");

        // /missing: the app's library to upload; Apple's apart, with where to get them.
        browser.get(base + "/missing");
        String appTable = waitFor(By.id("missing")).getText();
        assertTrue(appTable.contains("libCrashKitUtil.dylib") && !appTable.contains("dyld"), appTable);
        String systemTable = browser.findElement(By.id("missing-system")).getText();
        assertTrue(systemTable.contains("dyld") && systemTable.contains("libsystem_kernel.dylib")
                && systemTable.contains("iOS DeviceSupport"), systemTable);
        screenshot("ui-missing-system.png");

        // Users affected: the .ips names its install (CrashReporter Key), a crashreport/1 none.
        String ipsGroup = TriageFlows.post(api, TestData.bytes("reports/apple/ios-arm64.ips")).get("group").asText();
        browser.get(base + "/groups/" + ipsGroup);
        assertEquals("1", waitFor(By.id("group-users")).getText());
        browser.get(base + "/");
        waitFor(By.id("groups"));
        List<String> users = browser.findElements(By.cssSelector("td.group-users")).stream().map(WebElement::getText).toList();
        assertEquals(2, users.size(), users.toString());
        assertTrue(users.contains("1") && users.contains("0"), users.toString());
    }

    @Test
    void triageButtonsFiltersAndPagingInTheBrowser() throws Exception {
        Http api = new Http(server.port(), Optional.of(TOKEN));
        String group = TriageFlows.post(api, TriageFlows.sampleInVersion("1.0")).get("group").asText();
        TriageFlows.post(api, TriageFlows.sampleInVersion("1.2"));
        TriageFlows.post(api, TriageFlows.sampleInVersion("1.2"));
        String ipsGroup = TriageFlows.post(api, TestData.bytes("reports/apple/ios-arm64.ips")).get("group").asText();
        String base = "http://127.0.0.1:" + server.port();
        browser.get(base + "/login");
        browser.findElement(By.name("token")).sendKeys(TOKEN);
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        waitFor(By.id("groups"));

        // Per-version chart: one bar per version, oldest first, with its count.
        browser.get(base + "/groups/" + group);
        List<WebElement> rows = browser.findElements(By.cssSelector("#versions tr"));
        assertEquals(List.of("1.0 1", "1.2 2"), rows.stream().map(r -> r.getText().replaceAll("\\s+", " ").strip()).toList());
        assertTrue(browser.findElements(By.cssSelector("#versions .bar")).size() == 2);

        // Status buttons: resolve in 1.1, ignore, reopen; each shown and logged.
        browser.findElement(By.id("in-version")).sendKeys("1.1");
        browser.findElement(By.id("resolve-in-version")).click();
        assertEquals("resolved", groupStatus("resolved"));
        assertTrue(browser.findElement(By.id("resolved-in")).getText().contains("1.1"));
        assertTrue(text().contains("Status open → resolved in version 1.1"), text());
        screenshot("ui-group-resolved.png");
        TriageFlows.post(api, TriageFlows.sampleInVersion("1.3"));
        browser.navigate().refresh();
        assertEquals("regressed", groupStatus("regressed"));
        assertTrue(text().contains("Regressed: seen again in version 1.3 after it was resolved in 1.1"), text());
        browser.findElement(By.id("ignore")).click();
        assertEquals("ignored", groupStatus("ignored"));
        browser.findElement(By.id("reopen")).click();
        assertEquals("open", groupStatus("open"));
        browser.findElement(By.id("in-version")).sendKeys("soon");
        browser.findElement(By.id("resolve-in-version")).click();
        assertTrue(waitFor(By.id("status-error")).getText().contains("in_version is not a version"));
        assertEquals("open", api.get("/api/groups/" + group).json().get("status").asText());

        // Filters on the groups list: by status, then by device through the form.
        TriageFlows.setStatus(api, ipsGroup, "{\"status\": \"ignored\"}");
        browser.get(base + "/");
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.name("status"))).selectByVisibleText("ignored");
        browser.findElement(By.cssSelector("#filters button")).click();
        waitFor(By.id("groups"));
        assertEquals(List.of(ipsGroup), groupLinks());
        browser.get(base + "/");
        browser.findElement(By.name("device")).sendKeys("iPhone14,5");
        browser.findElement(By.cssSelector("#filters button")).click();
        waitFor(By.id("groups"));
        assertEquals(List.of(ipsGroup), groupLinks());
        assertTrue(browser.getCurrentUrl().contains("device=iPhone14%2C5"), browser.getCurrentUrl());
        screenshot("ui-groups-filtered.png");

        // Paging: one group per page, following "Next page" until the end, every group once.
        browser.get(base + "/?limit=1");
        List<String> seen = new java.util.ArrayList<>();
        while (true) {
            seen.addAll(groupLinks());
            List<WebElement> next = browser.findElements(By.id("next-page"));
            if (next.isEmpty()) {
                break;
            }
            next.get(0).click();
            waitFor(By.cssSelector("h1"));
        }
        assertEquals(2, seen.size(), seen.toString());
        assertEquals(new java.util.HashSet<>(List.of(group, ipsGroup)), new java.util.HashSet<>(seen));

        // The reports list pages and filters the same way; a group's reports page too.
        browser.get(base + "/reports?limit=2&version=1.2");
        assertEquals(2, browser.findElements(By.cssSelector("a.report-link")).size());
        assertTrue(browser.findElements(By.id("next-page")).isEmpty());
        browser.get(base + "/groups/" + group + "?limit=3");
        assertEquals(3, browser.findElements(By.cssSelector("a.report-link")).size());
        browser.findElement(By.id("next-page")).click();
        waitFor(By.id("reports"));
        assertEquals(1, browser.findElements(By.cssSelector("a.report-link")).size());
        screenshot("ui-group-page-2.png");
    }

    @Test
    void webhookSettingsOnTheProjectsPage() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String base = "http://127.0.0.1:" + server.port();
            browser.get(base + "/login");
            browser.findElement(By.name("token")).sendKeys(TOKEN);
            browser.findElement(By.cssSelector("button[type=submit]")).click();
            waitFor(By.cssSelector("h1")); // no groups yet: the list's empty state

            // A bad URL is refused with its reason; a good one is added and its secret shown this once.
            browser.get(base + "/projects");
            WebElement card = waitFor(By.id("alerts-1"));
            card.findElement(By.name("url")).sendKeys("ftp://example.com/hook");
            card.findElement(By.cssSelector("form.add-webhook button")).click();
            assertTrue(waitFor(By.id("alerts-error")).getText().contains("url must be an http(s)://"), text());
            card = waitFor(By.id("alerts-1"));
            card.findElement(By.name("url")).sendKeys(receiver.url("/hook"));
            card.findElement(By.cssSelector("form.add-webhook button")).click();
            String message = waitFor(By.id("alerts-message")).getText();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("shown only now: (ckw_[0-9a-f]{64})").matcher(message);
            assertTrue(m.find(), message);
            String secret = m.group(1);
            screenshot("ui-project-webhook-added.png");
            browser.get(base + "/projects");
            WebElement row = waitFor(By.cssSelector("#alerts-1 tr.webhook"));
            assertTrue(row.getText().contains(receiver.url("/hook")) && row.getText().contains("…" + secret.substring(64)),
                    row.getText());
            assertTrue(!browser.getPageSource().contains(secret), "the secret is not shown again");

            // The project's spike rule: more than 1 report in a week.
            card = browser.findElement(By.id("alerts-1"));
            card.findElement(By.name("spike_threshold")).sendKeys("1");
            card.findElement(By.name("spike_window_minutes")).sendKeys("10080");
            card.findElement(By.cssSelector("form.spike-settings button")).click();
            assertTrue(waitFor(By.id("alerts-message")).getText().contains("saved"), text());
            assertTrue(browser.findElement(By.cssSelector("#alerts-1 .effective-spike")).getText()
                    .contains("1 in 10080 minutes"), text());

            // Two reports: the new group, then its spike, delivered signed with the secret from the page.
            AlertsTest.awayFromWindowEdge(AlertsTest.WEEK_MINUTES);
            Http api = new Http(server.port(), Optional.of(TOKEN));
            TriageFlows.post(api, TriageFlows.sampleInVersion("1.0"));
            TriageFlows.post(api, TriageFlows.sampleInVersion("1.1"));
            List<WebhookReceiver.Received> got = receiver.await(rs -> rs.size() >= 2, Duration.ofSeconds(30), "2 events");
            assertEquals(List.of("group.created", "group.spike"), AlertsTest.sortedEvents(got));
            for (WebhookReceiver.Received r : got) {
                assertEquals(WebhookReceiver.opensslSignature(r.body(), secret, data), r.header("X-Crashkit-Signature"));
            }
            List<String> states = List.of();
            for (int i = 0; i < 100; i++) {
                browser.get(base + "/projects");
                states = browser.findElements(By.cssSelector("#deliveries .delivery-state")).stream()
                        .map(WebElement::getText).toList();
                if (states.equals(List.of("delivered", "delivered"))) {
                    break;
                }
                Thread.sleep(200);
            }
            assertEquals(List.of("delivered", "delivered"), states);
            screenshot("ui-project-deliveries.png");

            browser.findElement(By.cssSelector("#alerts-1 button.delete-webhook")).click();
            assertTrue(waitFor(By.id("alerts-message")).getText().contains("deleted"), text());
            assertTrue(!browser.findElements(By.cssSelector("#alerts-1 .no-webhooks")).isEmpty());
            assertEquals(0, api.get("/api/projects/1/webhooks").json().get("webhooks").size());
        }
    }

    private List<String> groupLinks() {
        return browser.findElements(By.cssSelector("a.group-link")).stream()
                .map(a -> a.getAttribute("href").replaceAll(".*/groups/", "")).toList();
    }

    private void awaitNamed(Http api, String id) throws Exception {
        for (int i = 0; i < 600; i++) {
            String doc = api.get("/api/reports/" + id).body();
            if (doc.contains("\"symbol\":\"ck_crash_null\"")) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the report was not symbolicated again after the upload");
    }

    private String text() {
        return browser.findElement(By.tagName("body")).getText();
    }

    /**
     * The group's status once it reads {@code expected}, else what it reads after 20 s: the page renders the
     * element again after a click, so it is found afresh each time (an element found before that goes stale).
     */
    private String groupStatus(String expected) {
        try {
            new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                    .until(d -> expected.equals(d.findElement(By.id("group-status")).getText()));
        } catch (org.openqa.selenium.TimeoutException e) {
            // the assertion below says what it reads instead
        }
        return browser.findElement(By.id("group-status")).getText();
    }

    private WebElement waitFor(By by) {
        return new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> d.findElement(by));
    }

    private void screenshot(String name) throws Exception {
        byte[] png = ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Path dir = Path.of(System.getProperty("server.target", "server/target"));
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), png);
    }
}
