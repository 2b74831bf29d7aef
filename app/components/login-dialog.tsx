import { LoginForm, NeedAnAccount } from "~/components/login-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";

export function LoginDialog({
  open,
  onOpenChange,
  contactEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contactEmail: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[400px]">
        <DialogHeader>
          <DialogTitle>Sign in to Electrify</DialogTitle>
          <DialogDescription>Enter your credentials to access your account</DialogDescription>
        </DialogHeader>
        <LoginForm />
        <NeedAnAccount contactEmail={contactEmail} />
      </DialogContent>
    </Dialog>
  );
}
