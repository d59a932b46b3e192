import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { paymentMethodPlaceholder } from "../../content/orders.ts";
import { PaymentFields } from "./payment-fields.tsx";

// The W3C checker: a required single select's first option has an empty value (its
// placeholder). PaymentFields is the select of the three staff payment forms (orders, and a
// subscription's payment and refund).
describe("PaymentFields", () => {
  it("starts its required select with an empty placeholder option and keeps PIX chosen", () => {
    const html = renderToStaticMarkup(
      <PaymentFields id="t" methodLabel="Forma" referenceLabel="Referência" />,
    );
    const select = /<select[^>]*>(.*?)<\/select>/.exec(html);
    expect(select?.[0]).toMatch(/^<select[^>]* required=""/);
    const options = select?.[1]?.match(/<option[^>]*>[^<]*<\/option>/g) ?? [];
    expect(options[0]).toBe(`<option value="">${paymentMethodPlaceholder}</option>`);
    expect(options).toContain('<option value="pix" selected="">PIX</option>');
  });
});
