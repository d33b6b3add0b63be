# bash completion for gpuperf: commands and options come from the program
# itself (--list-commands, --list-options), so they never drift from it.
_gpuperf()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" w
	for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
		case "$w" in
		-*) ;;
		*) if gpuperf --list-commands 2>/dev/null | grep -qx -- "$w"; then cmd=$w; break; fi ;;
		esac
	done
	case "$prev" in
	-o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--counters) COMPREPLY=($(compgen -W "auto off require" -- "$cur")); return ;;
	esac
	if [[ "$cur" == -* ]]; then
		COMPREPLY=($(compgen -W "$(gpuperf --list-options $cmd 2>/dev/null) $(gpuperf --list-options 2>/dev/null)" -- "$cur"))
	elif [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$(gpuperf --list-commands 2>/dev/null) help" -- "$cur"))
	fi
}
complete -F _gpuperf gpuperf
