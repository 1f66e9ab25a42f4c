#!/usr/bin/env bash
# Generates the offline clips that the demo video provider plays (apps/server/media/clips/clip-1.webm … clip-8.webm).
#
# Re-run from the repository root (or anywhere):   bash scripts/make-demo-media.sh
# Check the committed clips without re-encoding:    bash scripts/make-demo-media.sh --check
#
# Needs ffmpeg + ffprobe with libvpx-vp9 and libopus (Debian: apt-get install -y ffmpeg).
# Idempotent: every clip is rebuilt from synthetic lavfi sources into a temporary file and moved into place only
# when the encode succeeded, so an interrupted run never leaves a broken clip behind. Outputs are committed, so the
# app plays videos offline without running this script; re-run it only to change the clips.
#
# Each clip: 30 s, 480x270, 25 fps, VP9 + a quiet Opus sine tone in WebM (checked to play in Chromium; Firefox
# plays VP9/Opus WebM too). The bitrates are deliberately tiny (a demo, committed to git): 110–190 KB per clip,
# and the script fails if one goes over 200 KB.
set -euo pipefail

readonly DURATION_SECONDS=30
readonly SIZE=480x270
readonly FPS=25
readonly VIDEO_BITRATE=30k
readonly AUDIO_BITRATE=8k
readonly MAX_CLIP_BYTES=204800

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly OUT_DIR="$script_dir/../apps/server/media/clips"

# One visually distinct synthetic source per clip. The automata are drawn at low resolution and a low rate, then
# scaled up with nearest-neighbour: fine random detail that changes every frame cannot fit in ~30 kbit/s (a 160x90
# Game of Life came out at 600 KB). The mandelbrot zoom and the plasma are rendered small for the same reason and
# because rendering them at full size takes minutes; the fractal is blurred a little because its speckled edge alone
# would blow the budget. mandelbrot's end_pts counts frames, not seconds.
readonly SOURCES=(
  "testsrc2=s=$SIZE:r=$FPS"
  "mandelbrot=s=240x135:r=$FPS:maxiter=256:end_scale=0.002:end_pts=$((DURATION_SECONDS * FPS)),scale=$SIZE,gblur=sigma=1.2,hue=H=2*PI*t/$DURATION_SECONDS"
  "life=s=40x23:r=2:seed=7:ratio=0.12:life_color=#7cf0a0:death_color=#1d3b6a,scale=480x276:flags=neighbor,crop=480:270:0:0,fps=$FPS"
  "cellauto=s=60x34:r=4:seed=7:rule=18:scroll=1,scale=480x272:flags=neighbor,crop=480:270:0:0,fps=$FPS,colorchannelmixer=rr=1:gg=0.55:bb=0.15"
  "gradients=s=$SIZE:r=$FPS:seed=7:speed=0.02:c0=#ff5e62:c1=#ff9966:c2=#6a82fb:c3=#fc5c7d:n=4"
  "smptehdbars=s=$SIZE:r=$FPS,hue=H=2*PI*t/$DURATION_SECONDS"
  "nullsrc=s=160x90:r=$FPS,geq=r='110+70*sin(X/9+T*1.1)':g='90+60*sin(Y/7-T*0.8)':b='150+80*sin((X+Y)/13+T*0.6)',scale=$SIZE:flags=bicubic"
  "colorspectrum=s=$SIZE:r=$FPS:type=all,hue=H=2*PI*t/10"
)
# Sources that draw at random are seeded so that a re-run with the same ffmpeg build reproduces the committed files
# byte for byte (checked with Debian 12's ffmpeg 5.1); another build may encode slightly differently.
# A different quiet tone per clip, so switching videos is audible in manual testing.
readonly TONES_HZ=(220 247 262 294 330 349 392 440)

die() { echo "make-demo-media: $*" >&2; exit 1; }

require_tools() {
  command -v ffmpeg >/dev/null || die "ffmpeg not found"
  command -v ffprobe >/dev/null || die "ffprobe not found"
  # Captured first: with pipefail, `ffmpeg | grep -q` fails when grep exits early and ffmpeg gets SIGPIPE.
  local encoders
  encoders="$(ffmpeg -hide_banner -encoders 2>/dev/null)"
  [[ "$encoders" == *libvpx-vp9* ]] || die "ffmpeg lacks libvpx-vp9"
  [[ "$encoders" == *libopus* ]] || die "ffmpeg lacks libopus"
}

# drawtext needs libfreetype and a font that fontconfig can find; without them the clips simply carry no caption.
drawtext_works() {
  ffmpeg -hide_banner -loglevel error -f lavfi -i "color=s=64x36:d=0.04,drawtext=font=Sans:text=x" \
    -frames:v 1 -f null - >/dev/null 2>&1
}

caption_filter() {
  local clip_number="$1"
  local box="box=1:boxcolor=black@0.45:boxborderw=8:fontcolor=white:font=Sans"
  printf "%s" ",drawtext=$box:fontsize=22:x=16:y=16:text='Sift demo clip $clip_number'"
  printf "%s" ",drawtext=$box:fontsize=22:x=w-tw-16:y=h-th-16:text='%{pts\:hms}'"
}

encode_clip() {
  local clip_number="$1" source="$2" tone_hz="$3" captions="$4"
  local target="$OUT_DIR/clip-$clip_number.webm"
  local tmp="$OUT_DIR/.clip-$clip_number.tmp.webm"
  local video_filter="$source,format=yuv420p"
  if [[ "$captions" == yes ]]; then video_filter+="$(caption_filter "$clip_number")"; fi

  # bitexact + no metadata: re-running does not churn the committed files with encoder version strings or dates.
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -t "$DURATION_SECONDS" -i "$video_filter" \
    -f lavfi -t "$DURATION_SECONDS" -i "sine=frequency=$tone_hz:sample_rate=48000,volume=0.08" \
    -map 0:v -map 1:a -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -c:v libvpx-vp9 -b:v "$VIDEO_BITRATE" -deadline good -cpu-used 5 -row-mt 1 -g 250 \
    -c:a libopus -b:a "$AUDIO_BITRATE" -ac 1 \
    -t "$DURATION_SECONDS" "$tmp"
  mv -f "$tmp" "$target"
}

# Fails loudly when a clip is missing, too short or long, lacks a VP9 or Opus stream, or is too big to commit.
verify_clip() {
  local file="$1" duration bytes video_codec audio_codec
  [[ -f "$file" ]] || die "missing $file"
  duration="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$file")"
  video_codec="$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name -of csv=p=0 "$file")"
  audio_codec="$(ffprobe -v error -select_streams a:0 -show_entries stream=codec_name -of csv=p=0 "$file")"
  bytes="$(stat -c %s "$file")"
  [[ "$video_codec" == vp9 ]] || die "$file: video codec is '$video_codec', expected vp9"
  [[ "$audio_codec" == opus ]] || die "$file: audio codec is '$audio_codec', expected opus"
  awk -v d="$duration" -v want="$DURATION_SECONDS" 'BEGIN { exit !(d > want - 1 && d < want + 1) }' \
    || die "$file: duration $duration s, expected about $DURATION_SECONDS s"
  (( bytes <= MAX_CLIP_BYTES )) || die "$file: $bytes bytes, over the $MAX_CLIP_BYTES budget"
  printf "%-12s %6.2f s  %7d bytes  %s + %s\n" "$(basename "$file")" "$duration" "$bytes" "$video_codec" "$audio_codec"
}

verify_all() {
  local clip_number
  for clip_number in $(seq 1 "${#SOURCES[@]}"); do verify_clip "$OUT_DIR/clip-$clip_number.webm"; done
}

main() {
  require_tools
  mkdir -p "$OUT_DIR"
  if [[ "${1:-}" == --check ]]; then verify_all; return; fi

  local captions=no
  if drawtext_works; then captions=yes; else echo "make-demo-media: drawtext unavailable, clips get no captions" >&2; fi

  local index
  for index in "${!SOURCES[@]}"; do
    echo "encoding clip-$((index + 1)).webm"
    encode_clip "$((index + 1))" "${SOURCES[$index]}" "${TONES_HZ[$index]}" "$captions"
  done
  verify_all
}

main "$@"
