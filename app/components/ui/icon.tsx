// The icons of the public pages: Lucide's drawings (ISC licence, https://lucide.dev) as plain
// SVG components. lucide-react's runtime costs about 1.5 KB of gzipped JavaScript per page
// plus metadata per icon; these cost a few bytes each (docs/decisions/014-page-weight.md).
// One module per icon, so a page ships only the icons it shows. Decorative by default (aria-hidden); name the control that holds an icon instead.

type IconProps = Omit<React.SVGProps<SVGSVGElement>, "children">;

export function icon(shapes: React.ReactNode) {
  return function Icon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}
