import { cn } from "~/lib/utils";

const styles: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 border-amber-300",
  reviewing: "bg-blue-100 text-blue-900 border-blue-300",
  approved: "bg-green-100 text-green-900 border-green-300",
  rejected: "bg-red-100 text-red-900 border-red-300",
};

/** A depot's status; an empty status shows as Pending. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const value = status || "pending";
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        styles[value] ?? styles.pending,
      )}
    >
      {value.charAt(0).toUpperCase() + value.slice(1)}
    </span>
  );
}
