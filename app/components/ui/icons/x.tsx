import { icon } from "../icon.tsx";

export const X = /* @__PURE__ */ icon(
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);
