/**
 * A product video when one is configured (a file under public/, never an
 * external embed), otherwise its poster. Nothing loads until it is needed:
 * the poster is lazy and the video fetches only on play.
 */
export function VideoSlot({ src, poster, title }: { src?: string | null; poster: string; title: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border bg-muted shadow-sm">
      {src ? (
        <video controls preload="none" poster={poster} className="aspect-video w-full" aria-label={title}>
          <source src={src} type={src.endsWith(".webm") ? "video/webm" : "video/mp4"} />
        </video>
      ) : (
        <img
          src={poster}
          alt={title}
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      )}
      <figcaption className="sr-only">{title}</figcaption>
    </figure>
  );
}
