import { icon } from "../icon.tsx";

export const JapaneseYen = /* @__PURE__ */ icon(
  <>
    <path d="M12 12v8" />
    <path d="m6 4 6 8 6-8" />
    <path d="M8 13h8" />
    <path d="M8 17h8" />
  </>,
);
