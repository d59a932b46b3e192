import { useRef, useState, useSyncExternalStore } from "react";
import { orderPageCopy as copy } from "../../content/orders.ts";

// A PIX charge as the customer pays it: the QR code and the copia-e-cola code, with until when
// they work. Without JavaScript a tap on the code selects all of it (CSS user-select: all; a
// read-only form field selects nothing on a phone); once the page is hydrated a button copies
// it with one tap through the Clipboard API and says so in a live region (docs/decisions/360).

/** Selects the whole code, as a tap does without JavaScript. */
function selectAll(element: HTMLElement) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

const noSubscription = () => () => {};
const clipboardWorks = () => typeof navigator.clipboard?.writeText === "function";

export function PixPayment({
  id,
  code,
  qrSvg,
  qrLabel,
  validUntil,
}: {
  /** Keeps the controls' ids apart when a page shows several charges. */
  id: string;
  code: string;
  qrSvg: string;
  qrLabel: string;
  /** When the code stops being valid, as the page shows dates; null when it has no end. */
  validUntil: string | null;
}) {
  const codeRef = useRef<HTMLDivElement>(null);
  // The button needs JavaScript and the Clipboard API: shown only once both are there.
  const canCopy = useSyncExternalStore(noSubscription, clipboardWorks, () => false);
  const [status, setStatus] = useState("");

  async function copyCode() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus(copy.pixCopied);
    } catch {
      if (codeRef.current) selectAll(codeRef.current);
      setStatus(copy.pixCopyFailed);
    }
  }

  const ids = { label: `${id}-rotulo`, validity: `${id}-validade`, hint: `${id}-dica` };
  const validity = validUntil ? ids.validity : undefined;
  return (
    <div className="grid gap-2">
      <div
        role="img"
        aria-label={qrLabel}
        aria-describedby={validity}
        // The quiet zone is the SVG's own 4-module margin (pixQrSvg), on white.
        className="size-56 bg-white"
        // The SVG is drawn on the server by the qrcode library from our own PIX code.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      {validUntil ? (
        <p id={ids.validity} className="text-sm font-medium">
          {copy.pixValidUntil(validUntil)}
        </p>
      ) : null}
      <p id={ids.label} className="text-sm font-medium">
        {copy.pixCopyLabel}
      </p>
      <div
        ref={codeRef}
        id={id}
        // A read-only text field a keyboard reaches; focusing it selects it all (with
        // JavaScript).
        role="textbox"
        aria-readonly
        tabIndex={0}
        aria-labelledby={ids.label}
        aria-describedby={[validity, ids.hint].filter(Boolean).join(" ")}
        onFocus={(event) => selectAll(event.currentTarget)}
        className="block rounded-md border border-border bg-background p-2 font-mono text-sm break-all select-all"
      >
        {code}
      </div>
      <p id={ids.hint} className="text-sm text-muted-foreground">
        {copy.pixSelectHint}
      </p>
      {canCopy ? (
        <div>
          <button
            type="button"
            onClick={() => void copyCode()}
            className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground"
          >
            {copy.pixCopyButton}
          </button>
        </div>
      ) : null}
      <p role="status" className="text-sm font-medium">
        {status}
      </p>
    </div>
  );
}
