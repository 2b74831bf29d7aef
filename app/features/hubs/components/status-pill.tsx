import { cn } from "~/lib/utils";

const TONES = {
  waiting: "bg-amber-100 text-amber-950",
  good: "bg-emerald-100 text-emerald-950",
  settled: "bg-muted text-foreground",
} as const;

/** A contract's or a dispute's state, as a small label (dark text on a light tone: readable in every state). */
export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", TONES[tone])}>{children}</span>;
}
