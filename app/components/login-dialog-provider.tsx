import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";

import { useRootData } from "~/lib/use-root-data";

// The dialog (with its form and validation code) loads on first use, so the
// marketing pages do not pay for it up front.
const LoginDialog = lazy(() => import("~/components/login-dialog").then((module) => ({ default: module.LoginDialog })));

type LoginDialogControl = {
  /** For a link to /auth: opens the dialog instead (the link still works without JavaScript). */
  openFromLink: (event: MouseEvent) => void;
  open: () => void;
};

const LoginDialogContext = createContext<LoginDialogControl | null>(null);

export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const { contactEmail } = useRootData();
  const [isOpen, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const open = useCallback(() => {
    setRequested(true);
    setOpen(true);
  }, []);
  const control = useMemo<LoginDialogControl>(
    () => ({
      open,
      openFromLink: (event) => {
        event.preventDefault();
        open();
      },
    }),
    [open],
  );
  return (
    <LoginDialogContext.Provider value={control}>
      {children}
      {requested ? (
        <Suspense fallback={null}>
          <LoginDialog open={isOpen} onOpenChange={setOpen} contactEmail={contactEmail} />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogControl {
  const control = useContext(LoginDialogContext);
  if (!control) throw new Error("useLoginDialog must be used inside LoginDialogProvider");
  return control;
}
