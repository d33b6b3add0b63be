# bash completion for gpuperf: commands, options and their values come from
# the program itself (--list-commands, --list-options, --list-values), so
# they never drift from it.  It asks the gpuperf being completed (./gpuperf,
# a path), not whichever is first on PATH.
_gpuperf()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" w
	local gp=${COMP_WORDS[0]} values head
	gp=${gp/#\~/$HOME}
	command -v "$gp" >/dev/null 2>&1 || gp=gpuperf
	for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
		case "$w" in
		--) return ;;  # a program's own arguments follow
		-*) ;;
		*) if "$gp" --list-commands 2>/dev/null | grep -qx -- "$w"; then cmd=$w; break; fi ;;
		esac
	done
	if [[ "$prev" == -* && "$cur" != -* ]]; then
		values=$("$gp" --list-values $cmd "$prev" 2>/dev/null)
		[ -n "$values" ] || values=$("$gp" --list-values "$prev" 2>/dev/null)
		case "$values" in
		FILE) COMPREPLY=($(compgen -f -- "$cur")); return ;;
		VALUE) COMPREPLY=(); return ;;  # a size, a number: nothing to offer
		esac
		if [ -n "$values" ]; then
			# a list ("copy,re"): complete its last item
			head=""
			[[ "$cur" == *,* ]] && head=${cur%,*},
			COMPREPLY=($(compgen -P "$head" -W "$values" -- "${cur##*,}"))
			return
		fi
	fi
	if [[ "$cur" == -* ]]; then
		values=$("$gp" --list-options 2>/dev/null)
		[ -z "$cmd" ] || values="$values $("$gp" --list-options "$cmd" 2>/dev/null)"
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
	elif [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$("$gp" --list-commands 2>/dev/null) help" -- "$cur"))
	elif [ "$("$gp" --list-operands "$cmd" 2>/dev/null)" = FILE ]; then
		COMPREPLY=($(compgen -f -- "$cur"))  # diff BEFORE AFTER
	fi
}
complete -F _gpuperf gpuperf
