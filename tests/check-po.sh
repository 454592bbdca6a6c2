#!/bin/sh
# check-po.sh SOURCE_ROOT LANG — a translation must compile (msgfmt
# --check: formats, plurals, header) and be complete against the strings
# the sources have now: no untranslated or fuzzy messages once merged with
# a freshly extracted template.
set -eu
root="$1"
lang="$2"
po="$root/po/$lang.po"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the same extraction as meson's i18n.gettext(preset: 'glib')
xgettext --package-name=puzzlewright -f "$root/po/POTFILES.in" -D "$root" -k_ \
  -o "$tmp/current.pot" --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_set_error:4:c-format --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
  --flag=g_snprintf:3:c-format 2>"$tmp/xgettext.log" || { cat "$tmp/xgettext.log"; exit 1; }

msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$po" "$tmp/current.pot"
stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/merged.po" 2>&1)
echo "$lang: $stats"
case "$stats" in
  *untranslated*|*fuzzy*)
    echo "$po is incomplete: run 'meson compile -C build puzzlewright-update-po' and translate" >&2
    LC_ALL=C msgattrib --untranslated "$tmp/merged.po" | grep '^msgid' | head -20 >&2
    exit 1 ;;
esac
