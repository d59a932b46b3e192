import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { waitlist } from "../../../db/schema.ts";
import { bytesOf, chunked, form } from "../../../tests/support/http.ts";
import {
  callContactAction,
  contactDataUrl,
  freshIp,
  postRequest,
  signupDoneLocation,
  type ActionAnswer,
} from "../../../tests/support/signup-requests.ts";
import { signupMessages } from "../../content/signup-messages.ts";
import { signupToasts } from "../../content/signup.ts";
import { addressCheckMessages } from "../../content/deliverability.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as contactLoader } from "../../routes/site/contact.tsx";
import { callRoute } from "../../../tests/support/route-calls.ts";

const valid = {
  name: "  Maria da Silva  ",
  email: "  Maria.Silva@Example.COM ",
  agents: ["yenmax", "trendkey-btc"],
  message: "Opero há 3 anos.\r\nQuero saber mais.",
  terms: "on",
  contact: "on",
};

/** A plain post's success: Post/Redirect/Get to the confirmation. */
function expectSignedUp(answer: ActionAnswer) {
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe(signupDoneLocation);
}

async function rowsFor(email: string) {
  const db = await getDb();
  return db.select().from(waitlist).where(eq(waitlist.email, email));
}

async function countRows(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(waitlist);
  return row?.count ?? 0;
}

describe("a valid sign-up", () => {
  it("is stored once, normalised, with status pending, consent, terms time and source", async () => {
    const before = Date.now();
    const answer = await callContactAction(postRequest(form({ ...valid, source: "instagram" })));
    expectSignedUp(answer);

    const rows = await rowsFor("maria.silva@example.com");
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      name: "Maria da Silva",
      email: "maria.silva@example.com",
      interestedAgents: ["yenmax", "trendkey-btc"],
      status: "pending",
      message: "Opero há 3 anos.\nQuero saber mais.",
      marketingConsent: true,
      source: "instagram",
    });
    expect(row?.termsAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("stores no agents, no message and no consent when those are left empty", async () => {
    const answer = await callContactAction(
      postRequest(form({ name: "João", email: "joao@example.com", terms: "on" })),
    );
    expectSignedUp(answer);
    const [row] = await rowsFor("joao@example.com");
    expect(row).toMatchObject({
      interestedAgents: [],
      message: null,
      marketingConsent: false,
      source: null,
    });
  });

  it("carries the landing page's campaign through /contato's hidden fields and stores it", async () => {
    // The visitor lands on /?utm_... and follows a link to /contato: its Referer names the
    // landing page (Referrer-Policy same-origin); no cookie is set.
    const page = await callRoute(contactLoader, {
      url: "http://localhost:3000/contato?agente=yenmax",
      headers: {
        Referer: "http://localhost:3000/?utm_source=news&utm_medium=email&utm_campaign=nov",
      },
    });
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const { attribution } = page.body as { attribution: Record<string, string | null> };
    expect(attribution).toEqual({
      source: "news",
      utmMedium: "email",
      utmCampaign: "nov",
      referrer: null,
    });
    const hidden = { source: "news", utm_medium: "email", utm_campaign: "nov" };
    await callContactAction(
      postRequest(
        form({ name: "Campanha", terms: "on", email: "campanha@example.com", ...hidden }),
      ),
    );
    expect((await rowsFor("campanha@example.com"))[0]).toMatchObject({
      source: "news",
      utmMedium: "email",
      utmCampaign: "nov",
      referrer: null,
    });

    // Straight from another site: its origin is both the source and the referrer.
    await callContactAction(
      postRequest(form({ name: "Ref", terms: "on", email: "externo@example.com" }), {
        url: "http://localhost:3000/contato?utm_campaign=nov",
        headers: { Referer: "https://l.instagram.com/?u=x" },
      }),
    );
    expect((await rowsFor("externo@example.com"))[0]).toMatchObject({
      source: "https://l.instagram.com",
      utmMedium: null,
      utmCampaign: "nov",
      referrer: "https://l.instagram.com",
    });
  });

  it("takes its source from utm_source, else from another site's Referer origin only", async () => {
    const base = { name: "Fonte", terms: "on" };
    await callContactAction(
      postRequest(form({ ...base, email: "utm@example.com" }), {
        url: "http://localhost:3000/contato?utm_source=youtube",
      }),
    );
    await callContactAction(
      postRequest(form({ ...base, email: "ref@example.com" }), {
        headers: { Referer: "https://www.google.com/search?q=meu+nome" },
      }),
    );
    await callContactAction(
      postRequest(form({ ...base, email: "same@example.com" }), {
        headers: { Referer: "http://localhost:3000/agentes" },
      }),
    );
    await callContactAction(
      postRequest(form({ ...base, email: "long@example.com", source: "x".repeat(500) })),
    );
    expect((await rowsFor("utm@example.com"))[0]?.source).toBe("youtube");
    expect((await rowsFor("ref@example.com"))[0]?.source).toBe("https://www.google.com");
    expect((await rowsFor("same@example.com"))[0]?.source).toBeNull();
    expect((await rowsFor("long@example.com"))[0]?.source).toBe("x".repeat(200));
  });

  it("is accepted as multipart/form-data too", async () => {
    const data = new FormData();
    data.append("name", "Multi Parte");
    data.append("email", "multi@example.com");
    data.append("agents", "midaspulse");
    data.append("terms", "on");
    const answer = await callContactAction(postRequest(data, { contentType: null }));
    expectSignedUp(answer);
    expect((await rowsFor("multi@example.com"))[0]?.interestedAgents).toEqual(["midaspulse"]);
  });
});

describe("a sign-up sent by React Router's client (JavaScript)", () => {
  it("is answered as data, 200 { ok: true }, and stored", async () => {
    const answer = await callContactAction(
      postRequest(form({ ...valid, email: "js@example.com" }), { url: contactDataUrl }),
    );
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect(await rowsFor("js@example.com")).toHaveLength(1);
  });

  it("gets its errors as data too, with the same statuses", async () => {
    const answer = await callContactAction(
      postRequest(form({ ...valid, terms: [] }), { url: contactDataUrl }),
    );
    expect(answer).toMatchObject({
      status: 400,
      data: { ok: false, errors: { terms: signupMessages.termsRequired } },
    });
  });
});

describe("a repeated e-mail", () => {
  it("changes nothing stored and answers exactly as a new sign-up (docs/decisions/083)", async () => {
    await callContactAction(
      postRequest(form({ ...valid, email: "repete@example.com", source: "first" })),
    );
    const db = await getDb();
    await db
      .update(waitlist)
      .set({ status: "contacted" })
      .where(eq(waitlist.email, "repete@example.com"));
    const before = await rowsFor("repete@example.com");

    const again = await callContactAction(
      postRequest(
        form({
          name: "Outro Nome",
          email: "  REPETE@Example.com  ",
          agents: "midaspulse",
          terms: "on",
          source: "second",
        }),
      ),
    );
    expectSignedUp(again);
    expect(await rowsFor("repete@example.com")).toEqual(before);
  });

  it("stays one row when the same e-mail arrives many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callContactAction(
          postRequest(form({ name: `Pessoa ${i}`, email: "Ao.Mesmo@Example.com", terms: "on" })),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(303));
    expect(await rowsFor("ao.mesmo@example.com")).toHaveLength(1);
  });
});

describe("bad input", () => {
  const big = "message=" + "a".repeat(64 * 1024);
  /** A plain post of the valid sign-up with these fields changed. */
  const validWith = (fields: Record<string, string | string[]>) => () =>
    postRequest(form({ ...valid, ...fields }));
  const cases: Array<{
    title: string;
    request: () => Request;
    status: number;
    field?: string;
    message?: string;
  }> = [
    {
      title: "missing name",
      request: validWith({ name: "   " }),
      status: 400,
      field: "name",
      message: signupMessages.nameRequired,
    },
    {
      title: "name over 120 characters",
      request: validWith({ name: "a".repeat(121) }),
      status: 400,
      field: "name",
      message: signupMessages.nameTooLong,
    },
    {
      title: "name with a control character",
      request: validWith({ name: "Ana\u0000Bot" }),
      status: 400,
      field: "name",
      message: signupMessages.invalidCharacters,
    },
    {
      title: "missing e-mail",
      request: () => postRequest(form({ name: "Ana", terms: "on" })),
      status: 400,
      field: "email",
      message: signupMessages.emailRequired,
    },
    {
      title: "invalid e-mail",
      request: validWith({ email: "ana@localhost" }),
      status: 400,
      field: "email",
      message: signupMessages.emailInvalid,
    },
    {
      title: "e-mail of a disposable mail service",
      request: validWith({ email: "ana@mailinator.com" }),
      status: 400,
      field: "email",
      message: addressCheckMessages.disposable,
    },
    {
      title: "e-mail whose domain cannot receive mail",
      request: validWith({ email: "ana@exemplo-.com" }),
      status: 400,
      field: "email",
      message: addressCheckMessages.undeliverable,
    },
    {
      title: "e-mail over 254 characters",
      request: validWith({ email: `${"a".repeat(250)}@example.com` }),
      status: 400,
      field: "email",
      message: signupMessages.emailTooLong,
    },
    {
      title: "unknown agent id",
      request: validWith({ agents: ["yenmax", "robo-x"] }),
      status: 400,
      field: "agents",
      message: signupMessages.agentUnknown,
    },
    {
      title: "message over 2,000 characters",
      request: validWith({ message: "a".repeat(2001) }),
      status: 400,
      field: "message",
      message: signupMessages.messageTooLong,
    },
    {
      title: "NUL in the message",
      request: validWith({ message: "oi\u0000" }),
      status: 400,
      field: "message",
      message: signupMessages.invalidCharacters,
    },
    {
      title: "terms not accepted",
      request: validWith({ terms: [] }),
      status: 400,
      field: "terms",
      message: "Você deve aceitar os termos e condições.",
    },
    {
      title: "terms with another value",
      request: validWith({ terms: "true" }),
      status: 400,
      field: "terms",
      message: "Você deve aceitar os termos e condições.",
    },
    {
      title: "contact consent with another value",
      request: validWith({ contact: "sim" }),
      status: 400,
      field: "contact",
      message: signupMessages.invalidValue,
    },
    {
      title: "a repeated single field",
      request: validWith({ name: ["Ana", "Bia"] }),
      status: 400,
      field: "name",
      message: signupMessages.invalidValue,
    },
    {
      title: "a file instead of text",
      request: () => {
        const data = new FormData();
        data.append("name", new Blob(["Ana"], { type: "text/plain" }), "nome.txt");
        data.append("email", valid.email);
        data.append("terms", "on");
        return postRequest(data, { contentType: null });
      },
      status: 400,
      field: "name",
      message: signupMessages.invalidValue,
    },
    {
      title: "JSON",
      request: () => postRequest(JSON.stringify(valid), { contentType: "application/json" }),
      status: 415,
      message: signupMessages.unsupportedContentType,
    },
    {
      title: "text/plain",
      request: () => postRequest(form(valid), { contentType: "text/plain" }),
      status: 415,
    },
    {
      title: "no content type",
      request: () => postRequest(form(valid), { contentType: null }),
      status: 415,
    },
    {
      title: "raw invalid UTF-8",
      request: () => postRequest(bytesOf(`${form(valid)}&x=`, 0xff, 0xfe)),
      status: 400,
      message: signupMessages.invalidEncoding,
    },
    {
      title: "percent-encoded invalid UTF-8",
      request: () => postRequest(`${form(valid)}&message=%C3%28`),
      status: 400,
      message: signupMessages.invalidEncoding,
    },
    {
      title: "a malformed percent escape",
      request: () => postRequest(`${form(valid)}&message=100%zz`),
      status: 400,
      message: signupMessages.invalidEncoding,
    },
    {
      title: "multipart without a boundary",
      request: () => postRequest(form(valid), { contentType: "multipart/form-data" }),
      status: 400,
      message: signupMessages.unreadableForm,
    },
    {
      title: "a body over 64 KB with its length declared",
      request: () => postRequest(`${form(valid)}&${big}`),
      status: 413,
      message: signupMessages.tooLarge,
    },
    {
      title: "a streamed body over 64 KB",
      request: () => postRequest(chunked(`${form(valid)}&${big}`, 1024)),
      status: 413,
      message: signupMessages.tooLarge,
    },
  ];

  it.each(cases)("$title answers $status and stores nothing", async (testCase) => {
    const rowsBefore = await countRows();
    const answer = await callContactAction(testCase.request());
    expect(answer.status).toBe(testCase.status);
    expect(answer.data?.ok).toBe(false);
    if (!answer.data || answer.data.ok) return;
    if (testCase.field) {
      expect(answer.data.errors).toHaveProperty(testCase.field, testCase.message);
    } else if (testCase.message) {
      expect(answer.data.formError).toBe(testCase.message);
    }
    expect(await countRows()).toBe(rowsBefore);
  });

  it("echoes what was typed, so a page without JavaScript keeps it", async () => {
    const answer = await callContactAction(
      postRequest(form({ ...valid, terms: [], email: "ana@localhost" })),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      errors: { email: signupMessages.emailInvalid, terms: signupMessages.termsRequired },
      values: {
        name: valid.name,
        email: "ana@localhost",
        agents: valid.agents,
        message: valid.message,
        terms: false,
        contact: true,
      },
    });
  });
});

describe("spam protection", () => {
  it("answers a filled honeypot with the same success and stores nothing", async () => {
    const answer = await callContactAction(
      postRequest(form({ ...valid, email: "robo@example.com", website: "https://spam.example" })),
    );
    expectSignedUp(answer);
    expect(await rowsFor("robo@example.com")).toHaveLength(0);
  });

  it("limits sign-ups per address per minute (10 by default) with 429 and Retry-After", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await callContactAction(
        postRequest(form({ ...valid, email: `limite${i}@example.com` })),
        ip,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(10).fill(303));

    const refused = await callContactAction(
      postRequest(form({ ...valid, email: "limite10@example.com" })),
      ip,
    );
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, formError: signupMessages.rateLimited });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await rowsFor("limite10@example.com")).toHaveLength(0);

    const otherAddress = await callContactAction(
      postRequest(form({ ...valid, email: "outro-ip@example.com" })),
    );
    expectSignedUp(otherAddress);
  });

  it("counts one IPv6 /64 network as one client", async () => {
    for (let i = 0; i < 10; i++) {
      await callContactAction(
        postRequest(form({ ...valid, email: `v6-${i}@example.com` })),
        `2001:db8:1:2::${i + 1}`,
      );
    }
    const refused = await callContactAction(
      postRequest(form({ ...valid, email: "v6-x@example.com" })),
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
    );
    expect(refused.status).toBe(429);
  });
});

it("uses the success words of docs/product.md section 8, for everyone, and asks to confirm", () => {
  expect(signupToasts).toEqual({
    successTitle: "Sucesso!",
    successText: "Seu nome foi adicionado à lista de espera VIP. Entraremos em contato em breve!",
    confirmText: "Enviamos um link para o seu e-mail: abra-o para confirmar sua inscrição.",
    errorTitle: "Erro",
  });
});
