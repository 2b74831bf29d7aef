import { Link } from "react-router";

import { Button } from "~/components/ui/button";

/** 'Depot not found' with the way back (the user's list, or the admin dashboard). */
export function DepotNotFound({ to, label }: { to: string; label: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Depot not found</h1>
      <Button asChild>
        <Link to={to}>{label}</Link>
      </Button>
    </section>
  );
}
