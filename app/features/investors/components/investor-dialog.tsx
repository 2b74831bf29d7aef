import { DownloadIcon, FileTextIcon, LockIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import {
  ACCESS_GRANTED,
  documentNotAvailableMessage,
  type InvestorDocumentListing,
  type UnlockResult,
} from "~/features/investors/investor-documents";
import { formError } from "~/lib/action-result";

function formatSize(bytes: number | null): string {
  if (!bytes) return "";
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function DocumentList({ documents }: { documents: InvestorDocumentListing[] }) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Investor documents">
        {documents.map((document) => (
          <li key={document.slug} className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <span className="flex items-center gap-3">
              <FileTextIcon className="size-5 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-medium">{document.title}</span>
                {document.available ? (
                  <span className="block text-xs text-muted-foreground">{formatSize(document.bytes)}</span>
                ) : null}
              </span>
            </span>
            {document.available ? (
              <Button asChild size="sm" variant="outline">
                <a href={`/investors/documents/${document.slug}`} download aria-label={`Download ${document.title}`}>
                  <DownloadIcon aria-hidden="true" />
                  Download
                </a>
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Download ${document.title}`}
                onClick={() => setNotice(documentNotAvailableMessage(document.title))}
              >
                <DownloadIcon aria-hidden="true" />
                Download
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {notice}
      </p>
    </div>
  );
}

function InvestorRoom({ onUnlock }: { onUnlock: () => void }) {
  const fetcher = useFetcher<UnlockResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const documents = result?.ok ? result.documents : undefined;

  useEffect(() => {
    if (!documents) return;
    toast.success(ACCESS_GRANTED);
    onUnlock();
  }, [documents, onUnlock]);

  if (documents) return <DocumentList documents={documents} />;
  const error = result && !result.ok ? formError(result) : null;
  return (
    <fetcher.Form method="post" action="/investors/unlock" className="grid gap-4">
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="off"
        required
        autoFocus
        error={error ?? undefined}
      />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        <LockIcon aria-hidden="true" />
        {fetcher.state !== "idle" ? "Checking..." : "Access Files"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The investor room. The password is checked on the server, which answers
 * with a short-lived download grant; closing the dialog clears everything and
 * asks the server to drop the grant.
 */
export function InvestorDialog({
  open,
  onOpenChange,
  enabled,
  contactEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  enabled: boolean;
  contactEmail: string;
}) {
  const lock = useFetcher();
  const [generation, setGeneration] = useState(0);
  const [unlocked, setUnlocked] = useState(false);
  const onUnlock = useCallback(() => setUnlocked(true), []);
  const change = (next: boolean) => {
    if (!next) {
      setGeneration((value) => value + 1);
      setUnlocked(false);
      if (enabled) void lock.submit(null, { method: "post", action: "/investors/lock" });
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Investor Relations</DialogTitle>
          <DialogDescription>
            {!enabled
              ? "Our investor files are not available online at the moment."
              : unlocked
                ? "Access granted for 15 minutes: download the documents below. Closing this window locks them again."
                : "Enter the investor password to access our pitch deck, business plan, term sheet and financial model."}
          </DialogDescription>
        </DialogHeader>
        {enabled ? (
          <InvestorRoom key={generation} onUnlock={onUnlock} />
        ) : (
          <p className="text-sm">
            Please contact{" "}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={`mailto:${contactEmail}?subject=Investor%20enquiry`}
            >
              {contactEmail}
            </a>{" "}
            and we will send them to you.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
