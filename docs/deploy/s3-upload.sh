#!/usr/bin/env bash
# Uploads a build to Amazon S3 or an S3-compatible store (Cloudflare R2,
# Backblaze B2, MinIO, DigitalOcean Spaces: set AWS_ENDPOINT_URL) with the
# AWS CLI's `aws s3 sync`, after each build:
#
#   docs/deploy/s3-upload.sh dist s3://my-bucket        # or s3://my-bucket/prefix
#   docs/deploy/s3-upload.sh dist s3://my-bucket --prune
#
# Each file gets the Content-Type `magazine serve` sends and the Cache-Control
# of dist/_headers: the files under assets/ and images/, whose names hold a
# hash of their content, are immutable; every other file revalidates (what
# Netlify and Cloudflare Pages do). Those two folders go up first and the
# pages last, so no page is published before what it loads. Objects the
# build no longer has are deleted at the end, except old files of those two
# folders, which pages still open in readers' browsers may ask for: --prune
# deletes them too (run it once the previous build's pages have had time to
# leave readers' screens, say a day later; an age-based lifecycle rule
# would also expire current files that have not changed since).
# _headers, _redirects, dotfiles and precompressed .gz files stay behind.
#
# S3 stores these two headers with each object; the security headers of
# _headers (nosniff, Referrer-Policy, the Content-Security-Policy, which
# every page also carries in a <meta>) need the CDN in front, e.g. a
# CloudFront response headers policy. Tested by cmd/magazine's tests against
# a local S3 server.
set -euo pipefail

usage="usage: $0 DIST s3://BUCKET[/PREFIX] [--prune]"
dist=${1:?$usage}
dest=${2:?$usage}
dest=${dest%/}
prune=0
case "${3:-}" in
	"") ;;
	--prune) prune=1 ;;
	*) echo "$usage" >&2; exit 2 ;;
esac
[ -f "$dist/_headers" ] || { echo "$0: $dist/_headers is missing: is $dist a build?" >&2; exit 1; }

# CLIs older than 1.29 and 2.13 do not read AWS_ENDPOINT_URL themselves.
endpoint=()
if [ -n "${AWS_ENDPOINT_URL:-}" ]; then endpoint=(--endpoint-url "$AWS_ENDPOINT_URL"); fi
s3sync() { aws "${endpoint[@]}" s3 sync --only-show-errors "$@"; }

revalidate="public, max-age=0, must-revalidate"
# The folders of hashed names, and the Cache-Control of their rules in
# _headers (/assets/*, or /<base path>/assets/*, and the same for images).
# A Cache-Control for any other path, or a second value, would need a pass
# of its own below, so it stops the upload.
hashed=(assets images)
immutable=$(awk '
	/^[^ \t#]/ { path = $1; next }
	tolower($1) == "cache-control:" {
		if (path !~ /^\/([^*]*\/)?(assets|images)\/\*$/) { print "Cache-Control for " path > "/dev/stderr"; exit 1 }
		sub(/^[ \t]*[^:]*:[ \t]*/, "")
		if (value != "" && value != $0) { print "two Cache-Control values for hashed files" > "/dev/stderr"; exit 1 }
		value = $0
	}
	END { print value }' "$dist/_headers")
[ -n "$immutable" ] || { echo "$0: $dist/_headers has no Cache-Control for /assets/*" >&2; exit 1; }

# Extensions and the Content-Type of each, as generator/server/serve/files.go
# sends them (the CLI's own guess depends on the machine's mime.types).
types=(
	"html:text/html; charset=utf-8" "js:text/javascript; charset=utf-8" "mjs:text/javascript; charset=utf-8"
	"css:text/css; charset=utf-8" "json:application/json" "svg:image/svg+xml" "xml:application/xml"
	"txt:text/plain; charset=utf-8" "jpg:image/jpeg" "jpeg:image/jpeg" "png:image/png" "webp:image/webp"
	"avif:image/avif" "gif:image/gif" "ico:image/x-icon" "woff2:font/woff2"
	"webmanifest:application/manifest+json" "map:application/json"
)
skip=(--exclude '.*' --exclude '*/.*' --exclude '*.gz' --exclude _headers --exclude _redirects)

# put SRC DEST CACHE WHICH: a sync for each known type among the files of SRC
# (the hashed folders aside), "pages" (html) or the "other" types; only for
# the types there are, as each sync lists the whole destination.
put() {
	local src=$1 to=$2 cache=$3 which=$4 ext t
	for ext in $(find "$src" \( -path "$src/assets" -o -path "$src/images" \) -prune -o -type f -name '*.*' -print | sed 's/.*\.//' | sort -u); do
		[ "$ext" = html ] && [ "$which" = other ] && continue
		[ "$ext" != html ] && [ "$which" = pages ] && continue
		for t in "${types[@]}"; do
			if [ "${t%%:*}" = "$ext" ]; then
				s3sync "$src" "$to" --exclude '*' --include "*.$ext" --exclude 'assets/*' --exclude 'images/*' "${skip[@]}" \
					--content-type "${t#*:}" --cache-control "$cache"
			fi
		done
	done
}

# The hashed folders first; after the known types of a folder, the rest (the
# CLI guesses their type); pages last.
for d in "${hashed[@]}"; do
	[ -d "$dist/$d" ] || continue
	put "$dist/$d" "$dest/$d" "$immutable" other
	put "$dist/$d" "$dest/$d" "$immutable" pages
	s3sync "$dist/$d" "$dest/$d" "${skip[@]}" --cache-control "$immutable"
done
put "$dist" "$dest" "$revalidate" other
put "$dist" "$dest" "$revalidate" pages
# The rest, and away with what the build no longer has, old hashed files aside.
s3sync "$dist" "$dest" --delete --exclude 'assets/*' --exclude 'images/*' "${skip[@]}" --cache-control "$revalidate"
if [ "$prune" = 1 ]; then
	for d in "${hashed[@]}"; do
		if [ -d "$dist/$d" ]; then
			s3sync "$dist/$d" "$dest/$d" --delete "${skip[@]}" --cache-control "$immutable"
		fi
	done
fi
