// Internal links are built with React Router's typed `href()`, never written as path strings,
// so renaming a route in app/routes.ts breaks `npm run typecheck` instead of a link
// (docs/decisions/230). tests/lint/links.test.ts runs these selectors on its fixture.

const message =
  "Build internal paths with href() from react-router (typed by `react-router typegen`), not a path string: see docs/decisions/230.";

// A string or template starting with "/" that is not itself the pattern given to href().
const pathString = (scope) => [
  `${scope} > Literal[value=/^\\//]`,
  `${scope} :not(CallExpression[callee.name='href']) > Literal[value=/^\\//]`,
  `${scope} TemplateLiteral[quasis.0.value.raw=/^\\//]`,
];

const linkAttribute =
  "JSXOpeningElement[name.name!='link'] > JSXAttribute[name.name=/^(to|href|action)$/]";
const linkProperty = "Property[key.name=/^(to|href|action|path)$/]";
const redirectCall = "CallExpression[callee.name=/^(redirect|redirectDocument|replace)$/]";

/** @type {import("eslint").Linter.RulesRecord} */
export const linkRules = {
  "no-restricted-syntax": [
    "error",
    ...[
      ...pathString(linkAttribute),
      ...pathString(linkProperty),
      `${redirectCall} > Literal[value=/^\\//]`,
      `${redirectCall} > TemplateLiteral[quasis.0.value.raw=/^\\//]`,
    ].map((selector) => ({ selector, message })),
  ],
};
