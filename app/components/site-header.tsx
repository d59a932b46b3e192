import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { brand, headerCopy, mainMenu } from "../content/layout.ts";
import { isMenuItemActive } from "../lib/active-menu.ts";
import { Activity } from "./ui/icons/activity.tsx";
import { Menu } from "./ui/icons/menu.tsx";
import { X } from "./ui/icons/x.tsx";

export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  const links = (onChoose?: () => void) =>
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
              ? "rounded px-3 py-2 font-semibold text-primary"
              : "rounded px-3 py-2 text-muted-foreground hover:text-foreground"
          }
        >
          {item.label}
        </Link>
      );
    });

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          aria-label={headerCopy.homeLinkLabel}
          className="inline-flex items-center gap-2 text-lg font-bold"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-primary to-blue-600 text-primary-foreground">
            <Activity className="size-5" />
          </span>
          {brand.name}
        </Link>
        <nav aria-label={headerCopy.menuLabel} className="hidden items-center gap-1 lg:flex">
          {links()}
        </nav>
        <Link
          to="/contato"
          className="hidden rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90 lg:inline-block"
        >
          {headerCopy.waitlistButton}
        </Link>
        <button
          ref={toggle}
          type="button"
          className="rounded p-2 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="menu-movel"
          aria-label={menuOpen ? headerCopy.closeMenu : headerCopy.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      {menuOpen ? (
        <nav
          id="menu-movel"
          aria-label={headerCopy.menuLabel}
          className="flex flex-col gap-1 border-t border-border px-4 py-3 lg:hidden"
        >
          {links(() => setMenuOpen(false))}
          <Link
            to="/contato"
            onClick={() => setMenuOpen(false)}
            className="mt-2 rounded-md bg-primary px-4 py-2 text-center font-semibold text-primary-foreground"
          >
            {headerCopy.waitlistButton}
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
