/** One labelled value in a description list (a depot's details, contact information). */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 whitespace-pre-line">{children}</dd>
    </div>
  );
}
