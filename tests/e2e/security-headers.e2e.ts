import { expect, test } from "../support/e2e-test.ts";

// Security and caching headers on every kind of answer (docs/product.md section 11).
const htmlPaths = ["/", "/agentes", "/precos", "/blog", "/contato", "/admin", "/nao-existe"];

for (const path of htmlPaths) {
  test(`HTML of ${path} carries a nonce-based CSP and the protective headers`, async ({
    request,
  }) => {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-type"]).toContain("text/html");

    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = csp
      .split(";")
      .find((directive) => directive.trim().startsWith("script-src "));
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");

    // Every inline or external script in the page carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? "")?.[1];
    const html = await response.text();
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    // Only the pages that hydrate have scripts (docs/decisions/060).
    if (path === "/contato" || path === "/admin") expect(scriptTags.length).toBeGreaterThan(0);
    else expect(scriptTags).toEqual([]);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);

    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    // Browsers revalidate every page; only a proxy may keep a shared one a few seconds.
    expect(headers["cache-control"]).toMatch(/no-cache|no-store|max-age=0, must-revalidate/);
    expect(headers["x-powered-by"]).toBeUndefined();
  });
}

// Static files are served ahead of the app (server.ts), with headers of their own
// (docs/decisions/402): outside checkers flag a file without nosniff.
test("static files (hashed assets, icons, images, the manifest) carry the security headers", async ({
  request,
}) => {
  const html = await (await request.get("/contato")).text();
  const asset = /\/assets\/[^"]+\.(?:js|css)/.exec(html)?.[0];
  expect(asset).toBeDefined();
  for (const path of [
    asset!,
    "/favicon.svg",
    "/favicon.ico",
    "/icon-192.png",
    "/site.webmanifest",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    const csp = headers["content-security-policy"] ?? "";
    // A file opened on its own (an SVG, say) runs nothing.
    expect(csp, path).toContain("default-src 'none'");
    expect(csp, path).not.toContain("script-src");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("each answer gets a fresh nonce", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
    nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? "");
  }
  expect(nonces.size).toBe(3);
});

test("hashed assets are cached immutably for a year", async ({ request }) => {
  const html = await (await request.get("/contato")).text();
  const asset = /\/assets\/[^"]+\.(?:js|css)/.exec(html)?.[0];
  expect(asset).toBeDefined();
  const response = await request.get(asset as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a page loads without any CSP violation in the browser", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/contato");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

// docs/decisions/220: whether a page may be shared is decided from its route before it
// renders; a page that is never shared streams from React Router, cookie or not.
test("a page no visitor shares streams through React Router, with or without a cookie", async ({
  request,
}) => {
  for (const headers of [{}, { Cookie: "visita=1" }] as Record<string, string>[]) {
    const response = await request.get("/contato", { headers });
    expect(response.headers()["transfer-encoding"]).toBe("chunked");
    expect(response.headers()["content-length"]).toBeUndefined();
  }
  // A shared page, once stored, is answered whole with its length.
  await request.get("/precos");
  expect((await request.get("/precos")).headers()["content-length"]).toMatch(/^\d+$/);
});

// docs/decisions/275: a page rendered for one view is sent as one body (React's 2 KB chunks
// would each cost the compression a zlib call and the socket a write).
test("a page rendered for one view is sent whole, with its length", async ({ request }) => {
  const response = await request.get("/contato", { headers: { "Accept-Encoding": "identity" } });
  expect(response.headers()["transfer-encoding"]).toBeUndefined();
  expect(response.headers()["content-length"]).toBe(String((await response.body()).byteLength));
});
