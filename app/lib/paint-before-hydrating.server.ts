// React Router's <Scripts /> preloads every module of a page from <head> and imports them
// from an inline module script, so on a fast connection the whole app downloads, and can
// start hydrating, before the browser has painted the server's HTML. Pages paint first
// here: the preloads are dropped and the module script is replaced, in the same place, by
// a classic script that runs its source once the first frame is out
// (docs/decisions/008-paint-before-hydrating.md).

const modulePreload = /<link rel="modulepreload"[^>]*>/g;
// React writes the props of <Scripts /> in this order; a test on the built server fails if
// a React Router upgrade changes it.
const moduleScript = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

// Runs the module source after the next paint, or at once in a hidden tab, which does not
// paint. The nonce is read from this script, so it stays the answer's own.
const loader = (source: string) =>
  `(function(source,nonce){function run(){var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=source;document.head.appendChild(s)}` +
  `if(document.visibilityState==="hidden")run();else requestAnimationFrame(function(){setTimeout(run)})})` +
  `(${JSON.stringify(source).replaceAll("<", "\\u003c")},document.currentScript.nonce)`;

/** A rendered page whose hydration scripts load after its first paint. */
export function paintBeforeHydrating(html: string): string {
  const script = moduleScript.exec(html);
  if (!script) return html;
  const [tag, nonceAttribute = "", source = ""] = script;
  const deferred = `<script${nonceAttribute}>${loader(source)}</script>`;
  return (
    html.slice(0, script.index).replace(modulePreload, "") +
    deferred +
    html.slice(script.index + tag.length)
  );
}
