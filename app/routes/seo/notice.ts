// GET /NOTICE.txt: the attribution of the open data the product includes (the repository's NOTICE),
// linked from every public page's footer.
import notice from "../../../NOTICE?raw";

export function loader() {
  return new Response(notice, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
