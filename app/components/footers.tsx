const year = new Date().getFullYear();

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
        © {year} Electrify. All rights reserved.
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
