import { signupFormCopy } from "../../content/signup.ts";

/** The honeypot's name in every public form. */
export const honeypotField = "website";

/**
 * The field bots fill and people never see (docs/decisions/025): off screen and out of the
 * tab order, as on /contato. `id` must be unique on the page.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{signupFormCopy.honeypotLabel}</label>
      <input id={id} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
