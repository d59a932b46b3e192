import { href } from "react-router";
import { confirmPageCopy as copy } from "../../content/email.ts";
import { ButtonPage, OutcomePage } from "../../components/link-page.tsx";

export type ConfirmPageState =
  "valid" | "confirmed" | "not-found" | "gone" | "expired" | "resent" | "throttled";

const outcomes = {
  confirmed: { title: copy.doneTitle, text: copy.doneText },
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
  gone: { title: copy.goneTitle, text: copy.goneText },
  resent: { title: copy.resentTitle, text: copy.resentText },
  throttled: { title: copy.throttledTitle, text: copy.throttledText },
} as const;

/**
 * The confirmation link's page: the button; or, for a link that expired unused, the
 * "Reenviar confirmação" button; or the outcome.
 */
export function ConfirmPage({ state }: { state: ConfirmPageState }) {
  if (state === "valid") {
    return <ButtonPage title={copy.title} text={copy.text} button={copy.button} />;
  }
  if (state === "expired") {
    return (
      <ButtonPage
        title={copy.goneTitle}
        text={copy.expiredText}
        button={copy.resendButton}
        action="?reenviar"
      />
    );
  }
  return <OutcomePage {...outcomes[state]} link={{ to: href("/"), label: copy.homeLink }} />;
}
