import { Link } from "react-router";
import {
  brand,
  type CompanyDetails,
  companyDetailParts,
  footerCopy,
  legalMenu,
  mainMenu,
} from "../content/layout.ts";

interface SiteFooterProps {
  year: number;
  instagramUrl: string;
  youtubeUrl: string;
  company: CompanyDetails;
}

export function SiteFooter({ year, instagramUrl, youtubeUrl, company }: SiteFooterProps) {
  const details = companyDetailParts(company);
  return (
    <footer className="border-t border-border bg-card print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-4">
        <div className="md:col-span-1">
          <p className="text-lg font-bold">{brand.name}</p>
          <p className="mt-2 text-sm text-muted-foreground">{brand.blurb}</p>
        </div>
        <nav aria-label={footerCopy.socialTitle}>
          <h2 className="text-sm font-semibold">{footerCopy.socialTitle}</h2>
          <ul className="mt-2 space-y-1 text-sm text-muted-foreground">
            <li>
              <a href={instagramUrl} rel="noopener noreferrer" className="hover:text-foreground">
                {footerCopy.instagram}
              </a>
            </li>
            <li>
              <a href={youtubeUrl} rel="noopener noreferrer" className="hover:text-foreground">
                {footerCopy.youtube}
              </a>
            </li>
          </ul>
        </nav>
        <FooterLinks title={footerCopy.menuTitle} items={mainMenu} />
        <FooterLinks title={footerCopy.legalTitle} items={legalMenu} />
      </div>
      <div className="border-t border-border px-4 py-6 text-center text-sm">
        <p className="text-danger">{footerCopy.riskWarning}</p>
        <p className="mt-2 text-muted-foreground">{footerCopy.copyright(year)}</p>
        {details.length > 0 ? (
          <p className="mt-2 text-muted-foreground">{details.join(" · ")}</p>
        ) : null}
      </div>
    </footer>
  );
}

function FooterLinks({
  title,
  items,
}: {
  title: string;
  items: ReadonlyArray<{ label: string; to: string }>;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm text-muted-foreground">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="hover:text-foreground">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
