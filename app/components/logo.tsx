import { Link } from "react-router";

/** The Electrify mark: a lightning bolt on the brand green. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#166534" />
      <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-bold text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      <LogoMark />
      {/* On the narrowest phones the mark alone, so the header's buttons fit. */}
      <span className="text-lg tracking-tight max-[359px]:sr-only">Electrify</span>
      <span className="sr-only">home</span>
    </Link>
  );
}
