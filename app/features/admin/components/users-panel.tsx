import { RefreshCwIcon, SearchIcon } from "lucide-react";
import { useState } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";

import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogCancel,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { cn } from "~/lib/utils";

import type { UserParams } from "../list-params";
import type { ManagedUser } from "../users-page.server";
import { AddUserDialog } from "./add-user-dialog";

type Row = ManagedUser & { createdLabel: string };

type Props = {
  users: { rows: Row[]; total: number; page: number; pageCount: number; pageSize: number; error: string | null };
  params: UserParams;
  currentUserId: string;
};

export function UsersPanel({ users, params, currentUserId }: Props) {
  const revalidator = useRevalidator();
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Form method="get" role="search" aria-label="Users" className="flex items-end gap-3" preventScrollReset>
          <input type="hidden" name="tab" value="users" />
          <div className="relative sm:w-80">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              name="uq"
              aria-label="Search users by e-mail"
              placeholder="Search users..."
              defaultValue={params.uq}
              maxLength={200}
              className="pl-9"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(revalidator.state !== "idle" && "animate-spin")} />
            Refresh
          </Button>
          <AddUserDialog />
        </div>
      </div>

      {users.error ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
        >
          {users.error}
        </p>
      ) : users.rows.length === 0 ? (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">No users found</p>
      ) : (
        <>
          <div className="mt-6 overflow-hidden rounded-xl border">
            <Table aria-label="Users">
              <TableHeader>
                <TableRow>
                  <TableHead className={firstColumn}>Email</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Organisation</TableHead>
                  <TableHead>Created At</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Account</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.rows.map((user) => (
                  <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            page={users.page}
            pageCount={users.pageCount}
            pageSize={users.pageSize}
            total={users.total}
            noun={users.total === 1 ? "user" : "users"}
            pageParam="upage"
            label="User pages"
          />
        </>
      )}
    </div>
  );
}

/** The e-mail stays in view while a phone scrolls the table sideways. */
const firstColumn = "sticky left-0 z-10 bg-background";

const Unknown = () => <span className="text-muted-foreground">Not given</span>;

function UserRow({ user, isSelf }: { user: Row; isSelf: boolean }) {
  const roleFetcher = useFetcher<ActionResult>();
  const activeFetcher = useFetcher<ActionResult>();
  useFetcherToast(roleFetcher.data);
  useFetcherToast(activeFetcher.data);
  const [confirming, setConfirming] = useState(false);
  return (
    <TableRow>
      <TableCell className={cn(firstColumn, "font-medium")}>
        {user.email}
        {isSelf ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{user.name ?? <Unknown />}</TableCell>
      <TableCell className="whitespace-nowrap">{user.organization ?? <Unknown />}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={user.createdAt}>{user.createdLabel}</time>
      </TableCell>
      <TableCell>
        <span
          className={cn(
            "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
            user.isAdmin ? "border-primary/30 bg-primary/10 text-primary" : "border-border bg-muted text-foreground",
          )}
        >
          {user.isAdmin ? "Admin" : "User"}
        </span>
      </TableCell>
      <TableCell>
        {user.active ? "Active" : <span className="font-medium text-destructive">Deactivated</span>}
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-2">
          <roleFetcher.Form method="post" action="/admin?index">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="role" value={user.isAdmin ? "user" : "admin"} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={roleFetcher.state !== "idle"}
              aria-label={`${user.isAdmin ? "Remove Admin" : "Make Admin"}: ${user.email}`}
            >
              {user.isAdmin ? "Remove Admin" : "Make Admin"}
            </Button>
          </roleFetcher.Form>
          {user.active ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setConfirming(true)}
              aria-label={`Deactivate ${user.email}`}
            >
              Deactivate
            </Button>
          ) : (
            <activeFetcher.Form method="post" action="/admin?index">
              <input type="hidden" name="intent" value="set-active" />
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="active" value="true" />
              <Button
                type="submit"
                size="sm"
                variant="outline"
                disabled={activeFetcher.state !== "idle"}
                aria-label={`Reactivate ${user.email}`}
              >
                Reactivate
              </Button>
            </activeFetcher.Form>
          )}
        </div>
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Deactivate {user.email}?</DialogTitle>
              <DialogDescription>
                They are signed out everywhere at once and cannot sign in until an admin reactivates the account. Their
                depots and surveys are kept.
              </DialogDescription>
            </DialogHeader>
            <activeFetcher.Form method="post" action="/admin?index" onSubmit={() => setConfirming(false)}>
              <input type="hidden" name="intent" value="set-active" />
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="active" value="false" />
              <DialogFooter>
                <DialogCancel />
                <Button type="submit" variant="destructive">
                  Deactivate
                </Button>
              </DialogFooter>
            </activeFetcher.Form>
          </DialogContent>
        </Dialog>
      </TableCell>
    </TableRow>
  );
}
