import { BrokerText } from "./broker-text.tsx";
import type { LegalSection } from "../../content/legal.ts";
import { companySectionTitle, legalUpdatedAt } from "../../content/legal.ts";
import { companyDetailParts } from "../../content/layout.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";

/** A static legal text: h1, intro, numbered sections, then anything page-specific. */
export function LegalPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  children?: React.ReactNode;
}) {
  const details = companyDetailParts(useSiteConfig().company);
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{legalUpdatedAt}</p>
      <p className="mt-6 text-lg text-muted-foreground">{intro}</p>
      <div className="mt-10 space-y-8">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-xl font-semibold">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-foreground/90">
                <BrokerText text={paragraph} />
              </p>
            ))}
          </section>
        ))}
      </div>
      {children}
      {details.length > 0 ? (
        <section className="mt-10">
          <h2 className="text-xl font-semibold">{companySectionTitle}</h2>
          <address className="mt-3 leading-relaxed text-foreground/90 not-italic">
            {details.map((part) => (
              <span key={part} className="block">
                {part}
              </span>
            ))}
          </address>
        </section>
      ) : null}
    </main>
  );
}
