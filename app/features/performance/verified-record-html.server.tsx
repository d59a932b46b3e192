import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { VerifiedRecordContent, type VerifiedView } from "./verified-record.tsx";

/**
 * The HTML of a published record as the agent page shows it: `VerifiedRecordContent`
 * rendered by React, as the page's own render would (docs/decisions/491). Its links are
 * absolute paths, the same under any location.
 */
export function verifiedRecordHtml(name: string, view: VerifiedView): string {
  return renderToString(
    <StaticRouter location="/">
      <VerifiedRecordContent name={name} view={view} />
    </StaticRouter>,
  );
}
