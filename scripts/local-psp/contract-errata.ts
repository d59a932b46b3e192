// Slips of the API Pix contract 2.9.0 in its Pix Automático part (docs/decisions/356), mended
// on the parsed document before any check is compiled. Each one contradicts the contract's own
// examples and would refuse every well-formed exchange, so checking against the text as
// published would test nothing. Everything else is checked as published.

type Json = Record<string, unknown>;

function schema(document: Json, name: string): Json {
  const found = ((document.components as Json).schemas as Json)[name] as Json | undefined;
  if (!found) throw new Error(`API Pix contract: no schema ${name} to mend`);
  return found;
}

function without(list: unknown, names: string[]): string[] {
  return ((list as string[] | undefined) ?? []).filter((name) => !names.includes(name));
}

/** A pattern written as a JavaScript literal ("/^\d{11}$/"): as written, no CPF can match it. */
function unslashPatterns(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(unslashPatterns);
    return;
  }
  if (!node || typeof node !== "object") return;
  const object = node as Json;
  const pattern = object.pattern;
  if (typeof pattern === "string" && /^\/.+\/$/.test(pattern)) {
    object.pattern = pattern.slice(1, -1);
  }
  for (const value of Object.values(object)) unslashPatterns(value);
}

export function mendContract(document: Json): void {
  // RecBase requires "idRec", which a POST /rec cannot carry (the PSP assigns it; RecId is
  // required where it exists), and "retentativa", which is no property at all (the policy is
  // RecConfiguracao's politicaRetentativa). The examples recBody1 and recResponse1 have neither.
  const recBase = schema(document, "RecBase");
  recBase.required = without(recBase.required, ["idRec", "retentativa"]);
  // RecNotification's list is written ["idRec","status",atualizacao"]: a lost quote makes the
  // last name `atualizacao"`, which no notification has.
  const notification = schema(document, "RecNotification");
  notification.required = ((notification.required as string[]) ?? []).map((name) =>
    name.replace(/^"|"$/g, ""),
  );
  // DadosPagadorRec requires ispbParticipante beside `pagador` instead of inside it, where
  // its property and every example put it.
  const payer = schema(document, "DadosPagadorRec");
  delete payer.required;
  // PayloadLocationRecGerada requires "tipo", which it does not define; the examples have none.
  const location = schema(document, "PayloadLocationRecGerada");
  location.required = without(location.required, ["tipo"]);
  // Each end of a recurrence or a recurring charge is a oneOf of {rejeicao} and
  // {cancelamento} that requires neither, so every end matches both and fails the oneOf: each
  // branch requires its one property.
  const recEnd = (schema(document, "RecEncerramento").properties as Json).encerramento as Json;
  const cobrEnd = (schema(document, "CobRAtualizacao").properties as Json).encerramento as Json;
  for (const end of [recEnd, cobrEnd]) {
    for (const branch of end.oneOf as Json[]) {
      branch.required = Object.keys(branch.properties as Json);
    }
  }
  // PixAutomatico's `valor` is a string and also anyOf the objects that describe its parts
  // (Pix's componentesValor): no value can be both, so the misplaced anyOf is dropped.
  const automaticPix = (schema(document, "PixAutomatico").properties as Json).valor as Json;
  delete automaticPix.anyOf;
  unslashPatterns(document);
}
