# SPDX-License-Identifier: MIT
# fish completion for pinbox(1): its commands, each command's options as its own --help lists
# them (so the list is always the program's, each with the help's words beside it), and their
# values: the choices the help spells out (`on|off`), files of the kind it names (`FILE.png`),
# and the man page's lists where the help names a kind only (`--style NAME`, `--easing CURVE`).
# Installed as share/fish/vendor_completions.d/pinbox.fish, and linked there under the role
# names (fish loads a command's completion by the command's name).

# The command being completed: a pinentry's is its name's; pinbox takes one as its first word.
function __pinbox_command
    set -l words (commandline -opc)
    switch (path basename -- $words[1])
        case '*askpass'
            echo askpass-role
        case 'pinentry*'
            echo pinentry
        case '*'
            if set -q words[2]; and contains -- $words[2] render askpass pinentry pay ask-password-agent polkit-agent
                echo $words[2]
            end
    end
end

function __pinbox_complete
    set -l words (commandline -opc)
    set -l command (__pinbox_command)
    # ssh, sudo and git call the askpass with the prompt: every argument is the prompt's.
    test "$command" = askpass-role; and return
    if test -z "$command"; and test (count $words) -eq 1; and not string match -q -- '-*' (commandline -ct)
        printf '%s\t%s\n' render 'draw a field or a dialog into a PNG or a GIF, with no X server' \
            askpass 'ask in a dialog, for ssh, sudo and git' \
            pinentry "gpg-agent's PIN entry" \
            pay 'the payment sheet' \
            ask-password-agent "answer the system's password questions (systemd's)" \
            polkit-agent "polkit's authentication agent (pkexec, disks, services)"
        return
    end

    # The command's own help, where its options are listed (a pinentry takes no command word),
    # a line each: "  -o, --out FILE.png     where to write the picture". What follows an
    # option and is not one names its value; a comma joins another name for the same option.
    set -l help --help
    if test -n "$command"; and test "$command" != pinentry -o (path basename -- $words[1]) = pinbox
        set help $command --help
    end
    set -l options
    set -l takes
    set -l values
    for line in ($words[1] $help 2>/dev/null | string match -r -- '^  -.*')
        set -l line (string sub -s 3 -- $line)
        set -l synopsis (string replace -r -- '  .*' '' $line)
        set -l description (string trim -l -- (string sub -s (math (string length -- $synopsis) + 1) -- $line))
        set -l tokens (string split -n ' ' -- $synopsis)
        set -l group
        for i in (seq (count $tokens))
            string match -q -- '-*' $tokens[$i]; or continue
            set -a group (string trim -r -c , -- $tokens[$i])
            string match -q -- '*,' $tokens[$i]; and continue
            set -l value
            if test $i -lt (count $tokens); and not string match -q -- '-*' $tokens[(math $i + 1)]
                set value (string trim -r -c , -- $tokens[(math $i + 1)])
            end
            for option in $group
                set -a options "$option"\t"$description"
                if test -n "$value"
                    set -a takes $option
                    set -a values $value
                end
            end
            set group
        end
    end

    # ask-password-agent's --answer (a question's file, as the watching agent starts each
    # dialog) is the man page's, not the help's: its value is a file all the same.
    if test "$command" = ask-password-agent
        set -a takes --answer
        set -a values FILE
    end

    set -l previous $words[-1]
    if test (count $words) -gt 1; and set -l at (contains -i -- $previous $takes)
        switch $previous
            case --style
                printf '%s\n' strip paypass boxes grid tfgrid
            case --easing
                printf '%s\n' linear seed ease-out ink-linear ink-ease-out
            case --dialog
                printf '%s\n' passphrase pin confirm confirm3 message notice
            case --display -display -D
                echo (set -q DISPLAY; and echo $DISPLAY; or echo :0)
            case --process
                __fish_complete_pids
            case '*'
                switch $values[$at]
                    case '*|*'
                        string split '|' -- $values[$at]
                    case FILE.png FILE.gif
                        # Files of that kind and folders, as bash and zsh offer (fish's own
                        # helper adds every other file after them).
                        set -l suffix (string replace FILE '' -- $values[$at])
                        string match -r -- '.*(?:\\'$suffix'|/)$' (__fish_complete_suffix $suffix)
                    case FILE
                        __fish_complete_path (commandline -ct)
                    case DIR
                        __fish_complete_directories (commandline -ct)
                end
                # A number, a colour, a text: nothing to offer.
        end
        return
    end
    printf '%s\n' $options
end

complete -c pinbox -c pinbox-askpass -c pinentry-pinbox -f -a '(__pinbox_complete)'
