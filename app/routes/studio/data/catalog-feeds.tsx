// The feed drawer of the cinema and chain lists. It is part of the URL (?feeds=<id>): shareable, and
// Back closes it.
import { useSearchParams } from "react-router";
import { FeedsDrawer } from "../../../components/studio/feeds-drawer.tsx";

type DrawerFeeds = Parameters<typeof FeedsDrawer>[0]["feeds"];

/** Opens the drawer on a cinema's or chain's feeds (an id), or closes it (null). */
export function useShowFeeds() {
  const [, setParams] = useSearchParams();
  return (ownerId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (ownerId) next.set("feeds", ownerId);
        else next.delete("feeds");
        return next;
      },
      { preventScrollReset: true },
    );
}

/** The drawer of the owner the URL names (the loader's `feeds`; closed when that is null). */
export function CatalogFeedsDrawer({
  feeds,
  scope,
  action,
}: {
  feeds: { ownerName: string; ownerId: string; feeds: NonNullable<DrawerFeeds> } | null;
  scope: "cinemaId" | "chainId";
  action: string;
}) {
  const showFeeds = useShowFeeds();
  return (
    <FeedsDrawer
      ownerName={feeds?.ownerName ?? ""}
      ownerId={feeds?.ownerId ?? ""}
      scope={scope}
      feeds={feeds?.feeds ?? null}
      action={action}
      onClose={() => showFeeds(null)}
    />
  );
}
