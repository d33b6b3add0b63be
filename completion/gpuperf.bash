# bash completion for gpuperf: commands, options and their values come from
# the program itself (--list-commands, --list-options, --list-values,
# --list-operands), so they never drift from it.  It asks the gpuperf being
# completed (./gpuperf, a path), not whichever is first on PATH.

# The word under the cursor as the shell will read it: my\ fi -> my fi,
# "my fi or 'my fi (a quote still open) -> my fi.
_gpuperf_dequote()
{
	local s=$1 out="" i c
	case "$s" in
	\'*) printf '%s' "${s:1}"; return ;;
	\"*) s=${s:1} ;;
	esac
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		if [ "$c" = '\' ] && [ $((i + 1)) -lt ${#s} ]; then
			i=$((i + 1))
			c=${s:i:1}
		fi
		out+=$c
	done
	printf '%s' "$out"
}

# Files and folders starting with $1 into COMPREPLY, one entry each however
# they are named (spaces, tabs, quotes), folders with a trailing / so that
# the next TAB goes inside.
_gpuperf_files()
{
	local cur f path
	local -a names
	cur=$(_gpuperf_dequote "$1")
	COMPREPLY=()
	mapfile -t names < <(compgen -f -- "$cur")
	for f in "${names[@]}"; do
		path=${f/#\~/$HOME}
		[ -d "$path" ] && f=${f%/}/
		COMPREPLY+=("$f")
	done
	# as file names: bash quotes what it inserts (my\ file.csv), and puts
	# no space after a folder (outside a completion, as in the tests, a no-op)
	compopt -o filenames 2>/dev/null || :
	return 0
}

# The program after "--" (profile -- CMD ARGS...): bash-completion's own
# completion of that program where it is loaded, else a command or a path
# for the program's name and files for its arguments.  $1: the index in
# COMP_WORDS of the program's name.
_gpuperf_program()
{
	local first=$1 cur=${COMP_WORDS[COMP_CWORD]}
	if declare -F _command_offset >/dev/null; then
		_command_offset "$first"
		return
	fi
	if [ "$COMP_CWORD" -eq "$first" ] && [[ "$cur" != */* ]]; then
		local -a cmds
		mapfile -t cmds < <(compgen -c -- "$cur" | sort -u)
		COMPREPLY=("${cmds[@]}")
		return
	fi
	_gpuperf_files "$cur"
}

_gpuperf()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" w i
	local gp=${COMP_WORDS[0]} values head operands
	gp=${gp/#\~/$HOME}
	command -v "$gp" >/dev/null 2>&1 || gp=gpuperf
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [ "$w" = -- ]; then
			# options end here: a program and its arguments (profile), or operands (diff)
			operands=$([ -n "$cmd" ] && "$gp" --list-operands "$cmd" 2>/dev/null)
			if [ "$operands" = PROGRAM ]; then
				_gpuperf_program $((i + 1))
			elif [ "$operands" = FILE ]; then
				_gpuperf_files "$cur"
			fi
			return 0
		fi
		case "$w" in
		-*) ;;
		*) if [ -z "$cmd" ] && "$gp" --list-commands 2>/dev/null | grep -qx -- "$w"; then cmd=$w; fi ;;
		esac
	done
	if [[ "$prev" == -* && "$prev" != -- && "$cur" != -* ]]; then
		values=$("$gp" --list-values $cmd "$prev" 2>/dev/null)
		[ -n "$values" ] || values=$("$gp" --list-values "$prev" 2>/dev/null)
		case "$values" in
		FILE) _gpuperf_files "$cur"; return 0 ;;
		VALUE) COMPREPLY=(); return 0 ;;  # a size, a number: nothing to offer
		esac
		if [ -n "$values" ]; then
			# a list ("copy,re"): complete its last item
			head=""
			[[ "$cur" == *,* ]] && head=${cur%,*},
			COMPREPLY=($(compgen -P "$head" -W "$values" -- "${cur##*,}"))
			return 0
		fi
	fi
	if [[ "$cur" == -* ]]; then
		values=$("$gp" --list-options 2>/dev/null)
		[ -z "$cmd" ] || values="$values $("$gp" --list-options "$cmd" 2>/dev/null)"
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
	elif [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$("$gp" --list-commands 2>/dev/null) help" -- "$cur"))
	elif [ "$("$gp" --list-operands "$cmd" 2>/dev/null)" = FILE ]; then
		_gpuperf_files "$cur"  # diff BEFORE AFTER
	fi
	return 0
}
complete -F _gpuperf gpuperf
