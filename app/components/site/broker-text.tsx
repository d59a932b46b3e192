import { Fragment } from "react";
import { partnerBrokerToken } from "../../content/common.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";

/** The partner broker's name from the configuration, a link to its site when one is set. */
export function PartnerBroker() {
  const { partnerBrokerName, partnerBrokerUrl } = useSiteConfig();
  if (!partnerBrokerUrl) return <>{partnerBrokerName}</>;
  return (
    <a
      href={partnerBrokerUrl}
      rel="sponsored noopener"
      className="text-primary underline underline-offset-4 hover:no-underline"
    >
      {partnerBrokerName}
    </a>
  );
}

/** A text of content/ with the partner broker (its {corretora} mark) named and linked. */
export function BrokerText({ text }: { text: string }) {
  const parts = text.split(partnerBrokerToken);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <PartnerBroker /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
