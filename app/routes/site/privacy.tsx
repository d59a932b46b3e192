// Placeholder until its issue fills it.
export function meta() {
  return [{ title: "Política de Privacidade | Agentes FX" }];
}

export default function Page() {
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">Política de Privacidade</h1>
    </main>
  );
}
