import { data } from "react-router";
import { myDataCopy } from "../../content/email.ts";
import { MyDataLinkProblem, MyDataView } from "../../features/email/my-data-page.tsx";
import { myDataFor } from "../../features/email/my-data.server.ts";
import type { Route } from "./+types/my-data-view";

// /meus-dados/:token: the person's entry (valid 1 hour); ?formato=json downloads it.
export function meta() {
  return [{ title: myDataCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const result = await myDataFor(params.token);
  if (result.state !== "valid") {
    return data(result, { status: result.state === "gone" ? 410 : 404 });
  }
  if (url.searchParams.get("formato") === "json") {
    throw new Response(JSON.stringify(result.entry, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="meus-dados-agentes-fx.json"',
        "Cache-Control": "private, no-store",
      },
    });
  }
  return result;
}

export default function MyDataViewRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.state === "valid" ? (
    <MyDataView entry={loaderData.entry} />
  ) : (
    <MyDataLinkProblem state={loaderData.state} />
  );
}
