import type { ReactNode } from "react";

import { PublicFooter } from "~/components/footers";
import { LoginDialogProvider } from "~/components/login-dialog-provider";
import { PublicHeader } from "~/components/public-header";
import { cn } from "~/lib/utils";

/** Header, main and footer of every public page, with the Login dialog available to all of them. */
export function PublicShell({
  children,
  showMenu,
  fixedHeader = false,
  mainClassName,
}: {
  children: ReactNode;
  showMenu: boolean;
  fixedHeader?: boolean;
  mainClassName?: string;
}) {
  return (
    <LoginDialogProvider>
      <div className="flex min-h-screen flex-col">
        <PublicHeader showMenu={showMenu} fixed={fixedHeader} />
        <main id="main" className={cn("flex-1", mainClassName)}>
          {children}
        </main>
        <PublicFooter />
      </div>
    </LoginDialogProvider>
  );
}
