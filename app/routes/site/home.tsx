// Placeholder until its issue fills it.
export function meta() {
  return [{ title: "Home | Agentes FX" }];
}

export default function Page() {
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">
        Automatize seu sucesso no Forex com agentes inteligentes
      </h1>
    </main>
  );
}
