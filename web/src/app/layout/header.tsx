import { BadgeCheck, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSite } from '@/lib/site';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/check-my-rate', label: 'Rate My Quote', end: false },
  { to: '/quote-start', label: 'Shop Rates', end: false },
  { to: '/should-i-refinance', label: 'Refi Buddy', end: false },
] as const;

const SHADOW_AFTER_PX = 20;

export function Header() {
  const site = useSite();
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEscapeCloses(menuOpen, () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });

  // Close the mobile menu once the visitor has moved to another page.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b border-slate-200 bg-white transition-shadow print:hidden ${scrolled ? 'shadow-md' : ''}`}
    >
      {/* The open menu covers the page under it: it closes when focus leaves it (WCAG 2.4.11). */}
      <nav
        aria-label="Main"
        onBlur={(event) => {
          if (menuOpen && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
        }}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 rounded-sm text-xl font-extrabold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700">
          <BadgeCheck aria-hidden="true" className="size-7 text-blue-700" />
          {site?.brand}
          <span className="sr-only">{site ? ' home' : 'Home page'}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 font-semibold text-slate-900 md:hidden focus-visible:outline-2 focus-visible:outline-blue-700"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          Menu
        </button>
        <ul
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pt-2 md:flex md:w-auto md:flex-row md:items-center md:pt-0`}
        >
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-blue-700 ${
                    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** Escape closes the open mobile menu, wherever focus is, unless something else (a dialog) took the key. */
function useEscapeCloses(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
