import { Outlet } from "react-router";
import { PublicFooter } from "~/components/footers";
import { PublicHeader } from "~/components/public-header";

export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader showMenu={false} />
      <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
