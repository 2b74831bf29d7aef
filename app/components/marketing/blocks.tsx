import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "~/lib/utils";

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
  level = 2,
}: {
  level?: 1 | 2;
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section id={id} aria-labelledby={headingId} className={cn("px-4 py-16 sm:px-6 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
          <Heading id={headingId} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </Heading>
          {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}

export function FeatureCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className="text-muted-foreground">{children}</div>
    </article>
  );
}

export function Hero({
  title,
  children,
  actions,
  art,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  art?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-accent to-background px-4 pt-14 pb-16 sm:px-6 sm:pt-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <div className="max-w-xl text-lg text-muted-foreground">{children}</div>
          <div className="flex flex-wrap gap-3">{actions}</div>
        </div>
        {art ? <div className="hidden lg:block">{art}</div> : null}
      </div>
    </section>
  );
}

export function mailto(address: string, subject: string, body?: string): string {
  const params = new URLSearchParams({ subject, ...(body ? { body } : {}) });
  return `mailto:${address}?${params.toString().replaceAll("+", "%20")}`;
}
