/** Thumbnails that open the full photo; both are served only to the owner and admins. */
export function DepotPhotoGallery({
  photos,
  labelFor,
}: {
  photos: { id: number; imageType: string }[];
  /** How a photo's type reads (the admin view capitalises every word). */
  /** The photo kind as the viewer reads it (the survey's own labels, or the admin's). */
  labelFor: (imageType: string) => string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a
            href={`/photos/${photo.id}`}
            target="_blank"
            rel="noreferrer"
            className="group block rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            <img
              src={`/photos/${photo.id}/thumbnail`}
              alt={`${labelFor(photo.imageType)} (thumbnail)`}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-lg border object-cover group-hover:opacity-90"
            />
            <span className="mt-1 block text-sm font-medium">{labelFor(photo.imageType)}</span>
            <span className="sr-only"> (opens the full photo)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
