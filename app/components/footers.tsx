import { Link } from "react-router";

import { Logo } from "~/components/logo";
import { useRootData } from "~/lib/use-root-data";

const year = new Date().getFullYear();

/** The public footer's columns: where a visitor goes next. */
const COLUMNS = [
  {
    title: "Solutions",
    links: [
      { to: "/electrify", label: "Electrify: depot planning" },
      { to: "/box-charge", label: "Box Charge: smart charging" },
      { to: "/products", label: "All products" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about-us", label: "About us" },
      { to: "/about-us#values", label: "Our values" },
      { to: "/auth", label: "Customer sign-in" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/legal#privacy", label: "Privacy" },
      { to: "/legal#cookies", label: "Cookies" },
      { to: "/legal#terms", label: "Terms of use" },
      { to: "/legal#accessibility", label: "Accessibility" },
    ],
  },
];

/** The marketing pages' footer: who we are and how to reach us, the solutions, the company and the legal pages. */
export function PublicFooter() {
  const { contactEmail } = useRootData();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <div>
            <Logo />
          </div>
          <p className="max-w-xs text-sm text-muted-foreground">
            Consultancy and software for hauliers moving their depots to electric trucks and vans.
          </p>
          <p className="text-sm">
            <span className="text-muted-foreground">Talk to us: </span>
            <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={`Footer: ${column.title}`} className="grid content-start gap-3">
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {year} Electrify. All rights reserved.
        </div>
      </div>
    </footer>
  );
}

export function AppFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <span>© {year} Electrify. All rights reserved.</span>
        <span>Electrify platform v1.0.0</span>
      </div>
    </footer>
  );
}
