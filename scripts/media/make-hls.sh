#!/usr/bin/env bash
# Turns the clips of one demo drama into HLS with a two-rung ladder, so that the app serves
# adaptive streams for it (the other dramas keep MP4). Run by make-media.sh after it has
# regenerated media/; safe to run on its own too:
#
#   bash scripts/media/make-hls.sh [drama-slug]
#
# Default drama: the first featured one in apps/server/src/seed/catalogue-data.ts. Its clips
# are <slug>-ep01..epNN (the free episodes) and <slug>-vip-a / -vip-b (shared by locked ones).
#
# Output, for each clip:
#   media/hls/<clip>/master.m3u8           the ladder: 360p first, then 240p
#   media/hls/<clip>/360p/index.m3u8       VOD playlist, 2 s segments
#   media/hls/<clip>/360p/seg-NNN.ts       the MP4's own H.264 + AAC, copied (no re-encode)
#   media/hls/<clip>/240p/index.m3u8
#   media/hls/<clip>/240p/seg-NNN.ts       240x426 12 fps H.264 (CRF, capped at 200 kbit/s) + the same AAC
# and media/manifest.json gains "hls": [<clip>, ...].
#
# The clips already have a keyframe every 2 s, so the 360p rung is a copy cut on those
# keyframes, and the 240p rung has a keyframe every 2 s too, so both rungs switch on the same
# boundaries. At these low bit rates MPEG-TS packet stuffing costs about 0.8 kB per video
# frame a second, so the small rung also halves the frame rate. The 8 MB budget below holds
# with room to spare (about 6.5 MB for the default drama).
# BANDWIDTH in the master is each rung's peak segment bit rate, measured (RFC 8216 4.3.4.2).
# The server maps /media/episodes/{id}/index.m3u8 (and the rung paths) to these files.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$(pwd)"
MEDIA="$ROOT/media"
BUDGET_BYTES=$((8 * 1000 * 1000))
SEGMENT_SECONDS=2
# The small rung: 12 fps with a keyframe every 2 s.
LOW_FPS=12
LOW_GOP=$((LOW_FPS * SEGMENT_SECONDS))

log() { printf '[hls] %s\n' "$*"; }
die() { printf '[hls] ERROR: %s\n' "$*" >&2; exit 1; }

for tool in ffmpeg ffprobe node npx; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found"
done
ff_caps="$(ffmpeg -hide_banner -encoders 2>/dev/null)"
[[ "$ff_caps" == *libx264* ]] || die "ffmpeg lacks libx264"

# --- which drama, which clips ----------------------------------------------------------------
read -r SLUG FREE < <(HLS_DRAMA="${1:-}" npx --no-install tsx -e "
import { seedDramas } from './apps/server/src/seed/catalogue-data.ts';
const wanted = process.env.HLS_DRAMA;
const drama = wanted ? seedDramas.find((d) => d.slug === wanted) : seedDramas.find((d) => d.featured);
if (!drama) { console.error('no such drama: ' + (wanted ?? '(first featured)')); process.exit(1); }
console.log(drama.slug, Math.min(drama.freeEpisodes, drama.episodeCount));
") || die "cannot read the demo catalogue"
[[ -n "${SLUG:-}" && -n "${FREE:-}" ]] || die "cannot read the demo catalogue"

CLIPS=()
for ((n = 1; n <= FREE; n++)); do CLIPS+=("$(printf '%s-ep%02d' "$SLUG" "$n")"); done
CLIPS+=("$SLUG-vip-a" "$SLUG-vip-b")
for clip in "${CLIPS[@]}"; do
  [[ -f "$MEDIA/clips/$clip.mp4" ]] || die "media/clips/$clip.mp4 is missing (run npm run media first)"
done
log "$SLUG: ${#CLIPS[@]} clips"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/make-hls.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
OUT="$WORK/hls"

FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
HLS=(-f hls -hls_time "$SEGMENT_SECONDS" -hls_playlist_type vod -hls_flags independent_segments
  -hls_list_size 0 -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# One property of a file's first video stream (ffprobe repeats it per program in MPEG-TS).
video_prop() {
  local out
  out="$(ffprobe -v error -select_streams v:0 -show_entries "stream=$2" -of csv=p=0:s=x "$1")"
  printf '%s' "${out%%$'\n'*}"
}

# "avc1.PPCCLL" (the CODECS attribute of a variant) from H.264 profile and level; empty if unknown.
avc_codec() {
  case "$1" in
    High) printf 'avc1.6400%02x' "$2" ;;
    Main) printf 'avc1.4d40%02x' "$2" ;;
    'Constrained Baseline') printf 'avc1.42e0%02x' "$2" ;;
  esac
}

# "<peak> <average>" bit rates of a rung, from its playlist's EXTINF durations and segment sizes.
rung_bandwidth() {
  local dir="$1" duration peak=0 total_bits=0 total_seconds=0 bits rate
  while IFS= read -r line; do
    if [[ "$line" == '#EXTINF:'* ]]; then
      duration="${line#'#EXTINF:'}"
      duration="${duration%%,*}"
    elif [[ -n "$line" && "$line" != '#'* ]]; then
      bits=$(( $(stat -c %s "$dir/$line") * 8 ))
      rate="$(awk -v b="$bits" -v d="$duration" 'BEGIN { printf "%d", b / (d > 0.5 ? d : 0.5) }')"
      (( rate > peak )) && peak=$rate
      total_bits=$((total_bits + bits))
      total_seconds="$(awk -v a="$total_seconds" -v d="$duration" 'BEGIN { print a + d }')"
    fi
  done < "$dir/index.m3u8"
  printf '%d %s\n' "$peak" "$(awk -v b="$total_bits" -v s="$total_seconds" 'BEGIN { printf "%d", b / s }')"
}

for clip in "${CLIPS[@]}"; do
  src="$MEDIA/clips/$clip.mp4"
  dir="$OUT/$clip"
  mkdir -p "$dir/360p" "$dir/240p"
  # 360p: the stored streams, cut into segments on their 2 s keyframes.
  "${FF[@]}" -i "$src" -map 0:v:0 -map 0:a:0 -c copy "${HLS[@]}" \
    -hls_segment_filename "$dir/360p/seg-%03d.ts" "$dir/360p/index.m3u8"
  # 240p: scaled down, 12 fps, a keyframe every 2 s, bit rate capped; audio copied.
  "${FF[@]}" -i "$src" -map 0:v:0 -map 0:a:0 \
    -vf 'scale=240:426:flags=lanczos,setsar=1' \
    -c:v libx264 -preset medium -profile:v high -pix_fmt yuv420p -r "$LOW_FPS" \
    -g "$LOW_GOP" -keyint_min "$LOW_GOP" -sc_threshold 0 \
    -x264-params crf=38:vbv-maxrate=200:vbv-bufsize=400:threads=1 \
    -c:a copy "${HLS[@]}" \
    -hls_segment_filename "$dir/240p/seg-%03d.ts" "$dir/240p/index.m3u8"

  audio="mp4a.40.2"
  {
    printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n'
    for rung in 360p 240p; do
      first="$dir/$rung/seg-000.ts"
      read -r peak average < <(rung_bandwidth "$dir/$rung")
      size="$(video_prop "$first" width,height)"
      fps="$(video_prop "$first" avg_frame_rate)"
      codec="$(avc_codec "$(video_prop "$first" profile)" "$(video_prop "$first" level)")"
      [[ -n "$codec" && -n "$size" ]] || die "cannot describe $clip/$rung"
      printf '#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,RESOLUTION=%s,FRAME-RATE=%.3f,CODECS="%s,%s"\n' \
        "$peak" "$average" "$size" "$(awk -v r="$fps" 'BEGIN { split(r, p, "/"); print p[1] / p[2] }')" "$codec" "$audio"
      printf '%s/index.m3u8\n' "$rung"
    done
  } > "$dir/master.m3u8"
  log "hls/$clip ($(( $(du -sb "$dir" | cut -f1) / 1000 )) kB)"
done

total=$(du -sb "$OUT" | cut -f1)
(( total <= BUDGET_BYTES )) || die "media/hls would be $((total / 1000)) kB, over the 8 MB budget"

# --- swap into place and record the clips in the manifest ---------------------------------------
rm -rf "$MEDIA/hls"
cp -r "$OUT" "$MEDIA/hls"
node -e '
const fs = require("node:fs");
const [file, ...clips] = process.argv.slice(1);
const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
manifest.hls = clips;
fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
' "$MEDIA/manifest.json" "${CLIPS[@]}"
log "done: ${#CLIPS[@]} clips, $((total / 1000)) kB in media/hls/"
