import { expect, test } from "../support/e2e-test.ts";
import { uniqueEmail, waitlistRows } from "../support/e2e-database.ts";
import { bytesOf, chunked } from "../support/http.ts";

// Checks that live in the Express server and the action, over real HTTP against the built
// server: body size (413), content type (415), encoding (400), origin (400).
const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through playwright.config.ts");
  return url;
};

const formType = { "Content-Type": "application/x-www-form-urlencoded" };

function signupBody(email: string, extra = ""): string {
  const params = new URLSearchParams({ name: "Limites", email, terms: "on" });
  return `${params.toString()}${extra}`;
}

function post(path: string, body: BodyInit, headers: Record<string, string> = formType) {
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Origin: baseUrl(), ...headers },
    body,
    redirect: "manual",
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

const tooLarge = "A requisição é grande demais (máximo de 64 KB).";
const padding = `&message=${"a".repeat(70 * 1024)}`;

test("a body over 64 KB with Content-Length answers 413 in Portuguese, nothing stored", async () => {
  const email = uniqueEmail("e2e-413");
  const response = await post("/contato", signupBody(email, padding));
  expect(response.status).toBe(413);
  expect(await response.text()).toBe(tooLarge);
  expect(await waitlistRows(email)).toHaveLength(0);
});

test("a chunked body over 64 KB answers 413 too, nothing stored", async () => {
  const email = uniqueEmail("e2e-413c");
  const response = await post("/contato", chunked(signupBody(email, padding)));
  expect(response.status).toBe(413);
  expect(await response.text()).toBe(tooLarge);
  expect(await waitlistRows(email)).toHaveLength(0);
  // The page React Router still renders for the cut request once crashed the process.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
});

test("the body limit covers every non-GET request, not only the sign-up", async () => {
  const response = await post("/admin", `x=${"b".repeat(100 * 1024)}`);
  expect(response.status).toBe(413);
  expect(await response.text()).toBe(tooLarge);
});

test("a chunked body under the limit is read whole and stored", async () => {
  const email = uniqueEmail("e2e-chunked");
  const message = "c".repeat(1900);
  const response = await post("/contato", chunked(signupBody(email, `&message=${message}`), 512));
  expect(response.status).toBe(303);
  const rows = await waitlistRows(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.message).toBe(message);
});

test("JSON answers 415 with the Portuguese message, nothing stored", async () => {
  const email = uniqueEmail("e2e-415");
  const response = await post("/contato", JSON.stringify({ name: "X", email, terms: "on" }), {
    "Content-Type": "application/json",
  });
  expect(response.status).toBe(415);
  expect(await response.text()).toContain("Formato de envio não aceito");
  expect(await waitlistRows(email)).toHaveLength(0);
});

test("invalid UTF-8 answers 400, nothing stored", async () => {
  const email = uniqueEmail("e2e-utf8");
  const response = await post("/contato", bytesOf(signupBody(email, "&message="), 0xc3, 0x28));
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("UTF-8");
  expect(await waitlistRows(email)).toHaveLength(0);
});

test("a post from another origin is refused, nothing stored", async () => {
  const email = uniqueEmail("e2e-origin");
  const response = await post("/contato", signupBody(email), {
    ...formType,
    Origin: "https://outro-site.example",
  });
  expect(response.status).toBe(403);
  expect(await waitlistRows(email)).toHaveLength(0);
});

test("a plain document post from the page's origin is stored and redirected", async () => {
  const email = uniqueEmail("e2e-origin-ok");
  const response = await post("/contato", signupBody(email), {
    ...formType,
    Origin: baseUrl(),
  });
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/contato?inscricao=confirmada");
  expect(await waitlistRows(email)).toHaveLength(1);
});
