import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { parse } from "yaml";

// The Banco Central's API Pix contract (app/platform/payments/api-pix/openapi.yaml, 2.9.0) as
// checks: which operation a request is, and whether a request, an answer or a webhook's body
// is what the contract says. The local PSP runs every exchange through it, so a request of the
// adapter that leaves the contract fails the test that made it.

const CONTRACT_FILE = new URL("../../app/platform/payments/api-pix/openapi.yaml", import.meta.url);

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Json;
}

export interface Operation {
  method: string;
  /** The path as the contract writes it: /cob/{txid}. */
  template: string;
  params: Record<string, string>;
}

export interface RequestToCheck {
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/** One broken rule, as the contract's Problema writes a violation. */
export interface Violation {
  razao: string;
  propriedade: string;
}

const document = readPatternsAsRegexes(parse(readFileSync(CONTRACT_FILE, "utf8"))) as Json;

/**
 * The contract writes a few patterns as JavaScript literals ("/^\\d{11}$/" for a CPF), which
 * JSON Schema would read as requiring the slashes: they are read as the regex inside, as the
 * authors meant (docs/decisions/365).
 */
function readPatternsAsRegexes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(readPatternsAsRegexes);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    const literal = key === "pattern" && typeof value === "string" && /^\/.+\/$/.exec(value);
    out[key] = literal ? value.slice(1, -1) : readPatternsAsRegexes(value);
  }
  return out;
}
const DOCUMENT_ID = "api-pix";

// OpenAPI 3.0 schemas are JSON Schema with extra words (example, nullable, title): not strict.
// `format: uri` is read as a URI reference: the contract's own `location`s are written without
// a scheme ("pix.example.com/qr/…"), as the BR Code carries them (docs/decisions/351).
function validator(coerceTypes: boolean): Ajv {
  const instance = new Ajv({ strict: false, allErrors: true, coerceTypes });
  addFormats.default(instance);
  instance.addFormat("uri", fullFormats["uri-reference"]);
  instance.addSchema(document, DOCUMENT_ID);
  return instance;
}
const ajv = validator(false);
const coercing = validator(true);

const escape = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");

function pointerOf(parts: string[]): string {
  return `${DOCUMENT_ID}#/${parts.map(escape).join("/")}`;
}

/** A `$ref` inside the document followed to what it names (parameters, bodies, answers). */
function resolve<T>(value: unknown): T {
  let current = value as Json;
  while (current && typeof current.$ref === "string") {
    const path = current.$ref.replace(/^#\//, "").split("/");
    let target: unknown = document;
    for (const part of path) {
      target = (target as Json)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    }
    current = target as Json;
  }
  return current as T;
}

const compiled = new Map<string, ValidateFunction>();

function validatorAt(parts: string[], coerce = false): ValidateFunction {
  const key = `${coerce ? "c" : "s"}:${parts.join("\u0000")}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (coerce ? coercing : ajv).compile({ $ref: pointerOf(parts) });
    compiled.set(key, validate);
  }
  return validate;
}

/** Where a `$ref`-or-inline object lives, as pointer parts, so its schema can be compiled. */
function locate(parts: string[]): string[] {
  let node = at(parts);
  let where = parts;
  while (node && typeof node.$ref === "string") {
    where = node.$ref.replace(/^#\//, "").split("/").map(unescape);
    node = at(where);
  }
  return where;
}

function unescape(part: string): string {
  return part.replaceAll("~1", "/").replaceAll("~0", "~");
}

function at(parts: string[]): Json | undefined {
  let target: unknown = document;
  for (const part of parts) target = (target as Json | undefined)?.[part];
  return target as Json | undefined;
}

function violationsOf(errors: ErrorObject[] | null | undefined, prefix: string): Violation[] {
  return (errors ?? []).map((error) => ({
    razao: `${error.message ?? "inválido"}${error.params && "allowedValues" in error.params ? ` (${String(error.params.allowedValues)})` : ""}`,
    propriedade: `${prefix}${error.instancePath.replaceAll("/", ".")}`,
  }));
}

const paths = (document.paths ?? {}) as Record<string, Json>;
const routes = Object.keys(paths).map((template) => {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { template, names, pattern: new RegExp(`^${source}$`) };
});

/** The contract's operation for a method and a path under the API's base (/cob/abc...). */
export function matchOperation(method: string, path: string): Operation | null {
  const lower = method.toLowerCase();
  // A literal path wins over a templated one (/cobv/{txid} over /{pixUrlAccessToken}).
  const candidates = routes
    .filter((route) => route.pattern.test(path) && paths[route.template]?.[lower])
    .sort((a, b) => a.names.length - b.names.length);
  const route = candidates[0];
  if (!route) return null;
  const values = route.pattern.exec(path)!.slice(1);
  const params = Object.fromEntries(
    route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? "")]),
  );
  return { method: lower, template: route.template, params };
}

function parametersOf(operation: Operation): { parts: string[]; parameter: Parameter }[] {
  const list: { parts: string[]; parameter: Parameter }[] = [];
  for (const parts of [
    ["paths", operation.template, "parameters"],
    ["paths", operation.template, operation.method, "parameters"],
  ]) {
    const entries = (at(parts) as unknown as unknown[] | undefined) ?? [];
    entries.forEach((_, index) => {
      const where = locate([...parts, String(index)]);
      list.push({ parts: where, parameter: resolve<Parameter>(at(where)) });
    });
  }
  return list;
}

/** Everything in a request that breaks the contract: path and query parameters, the body. */
export function checkRequest(operation: Operation, request: RequestToCheck): Violation[] {
  const violations: Violation[] = [];
  for (const { parts, parameter } of parametersOf(operation)) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    const value =
      parameter.in === "path"
        ? operation.params[parameter.name]
        : (request.query.get(parameter.name) ?? undefined);
    if (value === undefined) {
      if (parameter.required) {
        violations.push({ razao: "obrigatório", propriedade: `${parameter.in}.${parameter.name}` });
      }
      continue;
    }
    if (!parameter.schema) continue;
    // Query values are text: "true", "100" are read as the schema's boolean or integer.
    const validate = validatorAt([...parts, "schema"], true);
    if (!validate(value)) {
      violations.push(...violationsOf(validate.errors, `${parameter.in}.${parameter.name}`));
    }
  }
  const bodyParts = ["paths", operation.template, operation.method, "requestBody"];
  if (at(bodyParts)) {
    const where = locate(bodyParts);
    const requestBody = resolve<{ required?: boolean; content?: Json }>(at(where));
    if (request.body === undefined) {
      if (requestBody.required) violations.push({ razao: "obrigatório", propriedade: "body" });
    } else {
      const validate = validatorAt([...where, "content", "application/json", "schema"]);
      if (!validate(request.body)) violations.push(...violationsOf(validate.errors, "body"));
    }
  } else if (request.body !== undefined) {
    violations.push({ razao: "a operação não aceita corpo", propriedade: "body" });
  }
  return violations;
}

/** Whether an answer is one the contract lists for the operation, with the body it says. */
export function checkResponse(operation: Operation, status: number, body: unknown): Violation[] {
  const parts = ["paths", operation.template, operation.method, "responses", String(status)];
  if (!at(parts)) {
    return [{ razao: `status ${status} não previsto`, propriedade: "status" }];
  }
  const where = locate(parts);
  const response = resolve<{ content?: Record<string, unknown> }>(at(where));
  const types = Object.keys(response.content ?? {});
  if (types.length === 0) {
    return body === undefined
      ? []
      : [{ razao: "resposta sem corpo prevista", propriedade: "body" }];
  }
  const type = types[0]!;
  const validate = validatorAt([...where, "content", type, "schema"]);
  return validate(body) ? [] : violationsOf(validate.errors, "body");
}

/** Whether a webhook's body is the contract's notification of received Pix (`pix[]`). */
export function checkPixNotification(body: unknown): Violation[] {
  const where = locate(["components", "requestBodies", "WebhookPixBody"]);
  const validate = validatorAt([...where, "content", "application/json", "schema"]);
  return validate(body) ? [] : violationsOf(validate.errors, "body");
}
