import { href, Link, useLocation } from "react-router";
import { brand, headerCopy, mainMenu } from "../content/layout.ts";
import { isMenuItemActive } from "../lib/active-menu.ts";
import { Activity } from "./ui/icons/activity.tsx";
import { Menu } from "./ui/icons/menu.tsx";
import { X } from "./ui/icons/x.tsx";

/**
 * The mobile menu is a `popover` opened by its button (docs/decisions/060): the browser
 * gives the button its expanded state, closes the menu on Escape or a click outside and
 * returns focus to the button, all without JavaScript. Choosing a link loads the next page,
 * which starts with the menu closed; on pages that hydrate, the click closes it.
 */
const closeMenu = (event: React.MouseEvent<HTMLAnchorElement>) =>
  event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();

export function SiteHeader() {
  const { pathname } = useLocation();

  const links = (onChoose?: React.MouseEventHandler<HTMLAnchorElement>) =>
    mainMenu.map((item) => {
      const active = isMenuItemActive(item.to, pathname);
      return (
        <Link
          key={item.to}
          to={item.to}
          onClick={onChoose}
          aria-current={active ? "page" : undefined}
          className={
            active
              ? "rounded px-3 py-2 font-semibold whitespace-nowrap text-primary lg:px-2 xl:px-3"
              : "rounded px-3 py-2 whitespace-nowrap text-muted-foreground hover:text-foreground lg:px-2 xl:px-3"
          }
        >
          {item.label}
        </Link>
      );
    });

  return (
    <header className="group/header sticky print:hidden top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to={href("/")}
          aria-label={headerCopy.homeLinkLabel}
          className="inline-flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-primary to-blue-600 text-primary-foreground">
            <Activity className="size-5" />
          </span>
          {brand.name}
        </Link>
        {/* One line from 1024 px: the links tighten below 1280 px instead of wrapping. */}
        <nav
          aria-label={headerCopy.menuLabel}
          className="hidden items-center gap-1 lg:flex lg:text-[15px] xl:text-base"
        >
          {links()}
        </nav>
        <Link
          to={href("/contato")}
          className="hidden shrink-0 rounded-md bg-primary px-4 py-2 font-semibold whitespace-nowrap text-primary-foreground hover:opacity-90 lg:inline-block"
        >
          {headerCopy.waitlistButton}
        </Link>
        <button
          type="button"
          popoverTarget="menu-movel"
          className="rounded p-2 lg:hidden"
          aria-label={headerCopy.menuButton}
        >
          <Menu aria-hidden="true" className="group-has-[#menu-movel:popover-open]/header:hidden" />
          <X
            aria-hidden="true"
            className="hidden group-has-[#menu-movel:popover-open]/header:block"
          />
        </button>
      </div>
      <nav
        id="menu-movel"
        popover="auto"
        aria-label={headerCopy.menuLabel}
        className="inset-x-0 top-16 bottom-auto m-0 w-full max-w-none flex-col gap-1 border-0 border-y border-border bg-background px-4 py-3 text-foreground open:flex lg:hidden"
      >
        {links(closeMenu)}
        <Link
          to={href("/contato")}
          onClick={closeMenu}
          className="mt-2 rounded-md bg-primary px-4 py-2 text-center font-semibold text-primary-foreground"
        >
          {headerCopy.waitlistButton}
        </Link>
      </nav>
    </header>
  );
}
