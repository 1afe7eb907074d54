#!/usr/bin/env bash
# Regenerates everything under media/ from the demo catalogue
# (apps/server/src/seed/catalogue-data.ts), with ffmpeg only.
#
#   npm run media          (or: bash scripts/media/make-media.sh)
#
# Output (committed to git, so other machines need no ffmpeg):
#   media/clips/<clip>.mp4                  360x640 H.264 + AAC, keyframe every 2 s, faststart
#   media/clips/<clip>.{zh,zh-Hant,en}.vtt  subtitles
#   media/covers/<drama>.jpg                600x800 posters
#   media/brand/logo.{svg,png}              the app logo
#   media/brand/logo-144.webp               the logo the app shows (a raster: an SVG <img> costs a
#                                           phone tens of ms of main thread to set up)
#   media/manifest.json                     clip durations (ffprobe) and the cover list
#
# Clips: <drama>-epNN for each free episode, <drama>-vip-a / -vip-b shared by locked episodes.
# Needs: ffmpeg/ffprobe with libx264, librsvg and drawtext; fonts-noto-cjk; DejaVu Sans Mono; node.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$(pwd)"
MEDIA="$ROOT/media"
BUDGET_BYTES=$((40 * 1000 * 1000))
FPS=24
GOP=$((FPS * 2))

log() { printf '[media] %s\n' "$*"; }
die() { printf '[media] ERROR: %s\n' "$*" >&2; exit 1; }

# --- preflight ---------------------------------------------------------------------------------
for tool in ffmpeg ffprobe fc-list node npx; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found"
done
# (Outputs are captured first: `grep -q` on a pipe would SIGPIPE ffmpeg and trip pipefail.)
ff_caps="$(ffmpeg -hide_banner -encoders 2>/dev/null; ffmpeg -hide_banner -decoders 2>/dev/null; ffmpeg -hide_banner -filters 2>/dev/null)"
[[ "$ff_caps" == *libx264* ]] || die "ffmpeg lacks libx264"
[[ "$ff_caps" == *librsvg* ]] || die "ffmpeg lacks the librsvg decoder"
[[ "$ff_caps" == *drawtext* ]] || die "ffmpeg lacks drawtext"
for family in 'Noto Sans CJK SC' 'Noto Serif CJK SC' 'DejaVu Sans Mono'; do
  [[ -n "$(fc-list ":family=$family")" ]] || die "font '$family' not installed (apt-get install fonts-noto-cjk fonts-dejavu-core)"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/make-media.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
OUT="$WORK/media"

# ffmpeg flags shared by every encode: quiet, no stdin (it would eat the job list), reproducible.
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
# SVG -> PNG through ffmpeg's librsvg decoder, which hands over premultiplied alpha.
RASTER=(-frames:v 1 -update 1 -vf 'format=rgba,unpremultiply=inplace=1' -pix_fmt rgba)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# --- plan ----------------------------------------------------------------------------------------
log "planning from apps/server/src/seed/catalogue-data.ts"
npx --no-install tsx scripts/media/plan.ts prepare "$WORK" "$OUT"
JOBS="$WORK/jobs.tsv"
n_clips=$(grep -c '^clip' "$JOBS")
n_covers=$(grep -c '^cover' "$JOBS")
log "$n_covers dramas, $n_clips clips"

# --- brand ---------------------------------------------------------------------------------------
log "brand/logo.svg, brand/logo.png, brand/logo-144.webp"
cp scripts/media/logo.svg "$OUT/brand/logo.svg"
"${FF[@]}" -i scripts/media/logo.svg "${RASTER[@]}" "$OUT/brand/logo.png"
"${FF[@]}" -i scripts/media/logo.svg -frames:v 1 -vf 'scale=144:144' -c:v libwebp -quality 90 "$OUT/brand/logo-144.webp"

# --- music beds and covers (quick, one at a time) ----------------------------------------------
mkdir -p "$WORK/music" "$WORK/logs" "$WORK/ok"
while IFS=$'\t' read -r kind name _; do
  case "$kind" in
    music)
      log "music bed for $name"
      "${FF[@]}" -filter_complex_script "$WORK/filters/music-$name.txt" -map '[a]' \
        -c:a pcm_s16le "$WORK/music/$name.wav"
      ;;
    cover)
      # The drama's soft light orb, which drifts across all of its clips.
      "${FF[@]}" -i "$WORK/svg/orb-$name.svg" "${RASTER[@]}" "$WORK/svg/orb-$name.png"
      # Best JPEG quality that stays within ~80 kB.
      for q in 2 3 4 5; do
        "${FF[@]}" -i "$WORK/svg/cover-$name.svg" -frames:v 1 -update 1 \
          -vf 'format=yuvj444p' -q:v "$q" "${BITEXACT[@]}" "$OUT/covers/$name.jpg"
        (( $(stat -c %s "$OUT/covers/$name.jpg") <= 80000 )) && break
      done
      log "covers/$name.jpg ($(( $(stat -c %s "$OUT/covers/$name.jpg") / 1000 )) kB)"
      ;;
  esac
done < "$JOBS"

# --- clips --------------------------------------------------------------------------------------
# Three single-threaded encodes at a time: threaded filters and x264 made a few clips differ at the
# bit level from run to run, and single-threaded processes in parallel are just as fast here.
encode_clip() {
  local name="$1" slug="$2" duration="$3" offset="$4"
  "${FF[@]}" -i "$WORK/svg/overlay-$name.svg" "${RASTER[@]}" "$WORK/svg/overlay-$name.png" || return 1
  "${FF[@]}" -filter_complex_threads 1 \
    -loop 1 -framerate "$FPS" -i "$WORK/svg/overlay-$name.png" \
    -loop 1 -framerate "$FPS" -i "$WORK/svg/orb-$slug.png" \
    -ss "$offset" -i "$WORK/music/$slug.wav" \
    -filter_complex_script "$WORK/filters/clip-$name.txt" \
    -map '[v]' -map '[a]' -t "$duration" \
    -c:v libx264 -preset medium -profile:v high -pix_fmt yuv420p -r "$FPS" \
    -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 -x264-params crf=36:ipratio=0.75:threads=1 \
    -c:a aac -b:a 16k -ar 22050 -ac 1 \
    -movflags +faststart "${BITEXACT[@]}" "$OUT/clips/$name.mp4"
}

clip_no=0
while IFS=$'\t' read -r kind name slug duration offset; do
  [[ "$kind" == clip ]] || continue
  clip_no=$((clip_no + 1))
  while (( $(jobs -rp | wc -l) >= 3 )); do wait -n || true; done
  log "[$clip_no/$n_clips] clips/$name.mp4 (${duration} s)"
  ( encode_clip "$name" "$slug" "$duration" "$offset" && touch "$WORK/ok/$name" ) > "$WORK/logs/$name.log" 2>&1 &
done < "$JOBS"
wait
failed=0
while IFS=$'\t' read -r kind name _; do
  [[ "$kind" == clip ]] || continue
  if [[ ! -f "$WORK/ok/$name" ]]; then
    printf '[media] encoding %s failed:\n' "$name" >&2
    cat "$WORK/logs/$name.log" >&2
    failed=1
  fi
done < "$JOBS"
(( failed == 0 )) || die "some clips failed to encode"

# --- manifest --------------------------------------------------------------------------------
log "measuring clips with ffprobe"
: > "$WORK/durations.tsv"
for mp4 in "$OUT"/clips/*.mp4; do
  name="$(basename "$mp4" .mp4)"
  dur="$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$mp4")"
  size="$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0:s=x "$mp4")"
  codecs="$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$mp4" | tr '\n' ' ')"
  [[ "$size" == "360x640" ]] || die "$name is $size, expected 360x640"
  [[ "$codecs" == "h264 aac " ]] || die "$name has streams '$codecs', expected h264 + aac"
  printf '%s\t%s\t360\t640\n' "$name" "$dur" >> "$WORK/durations.tsv"
done
npx --no-install tsx scripts/media/plan.ts manifest "$OUT" "$WORK/durations.tsv"

total=$(du -sb "$OUT" | cut -f1)
(( total <= BUDGET_BYTES )) || die "media/ would be $((total / 1000)) kB, over the 40 MB budget"

# --- swap into place -------------------------------------------------------------------------
log "replacing media/"
mkdir -p "$MEDIA"
rm -rf "$MEDIA/clips" "$MEDIA/covers" "$MEDIA/brand" "$MEDIA/manifest.json"
cp -r "$OUT/clips" "$OUT/covers" "$OUT/brand" "$OUT/manifest.json" "$MEDIA/"
log "done: $n_clips clips, $n_covers covers, $(du -sh "$MEDIA" | cut -f1) in media/"
