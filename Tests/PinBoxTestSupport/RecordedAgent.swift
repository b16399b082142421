// SPDX-License-Identifier: MIT

/// gpg-agent 2.4.7 asking for a new symmetric passphrase (`gpg -c`, `GET_PASSPHRASE
/// --newsymkey`) with `enforce-passphrase-constraints`, `pinentry-formatted-passphrase` and
/// the two constraint hints enabled in help.txt. Written from agent/call-pinentry.c
/// (start_pinentry, agent_get_passphrase, setup_formatted_passphrase, setup_genpin,
/// setup_enforced_constraints, inq_cb) line by line; the escaping is try_percent_escape's
/// (`%`, TAB, CR, LF, FF, VT) and assuan_send_data's (`%`, CR, LF).
public let gpgAgent24NewPassphrase = """
    OPTION no-grab
    OPTION ttyname=/dev/pts/3
    OPTION ttytype=xterm-256color
    OPTION lc-ctype=en_US.UTF-8
    OPTION lc-messages=en_US.UTF-8
    OPTION allow-external-password-cache
    OPTION default-ok=_OK
    OPTION default-cancel=_Cancel
    OPTION default-yes=_Yes
    OPTION default-no=_No
    OPTION default-prompt=PIN:
    OPTION default-pwmngr=_Save in password manager
    OPTION default-cf-visi=Do you really want to make your passphrase visible on the screen?
    OPTION default-tt-visi=Make passphrase visible
    OPTION default-tt-hide=Hide passphrase
    OPTION default-capshint=Caps Lock is on
    OPTION touch-file=/run/user/1000/gnupg/S.gpg-agent
    OPTION owner=4321/1000 host
    GETINFO flavor
    GETINFO version
    GETINFO ttyinfo
    GETINFO pid
    SETKEYINFO u/S7F15B1F1E58418A0
    SETDESC Enter passphrase%0A
    SETPROMPT Passphrase:
    OPTION formatted-passphrase
    OPTION formatted-passphrase-hint=Note%3a The blanks are not part of the passphrase.
    SETREPEATERROR does not match - try again
    SETREPEATOK Passphrases match.
    SETGENPIN Suggest
    SETGENPIN_TT Suggest a random passphrase.
    OPTION constraints-enforce
    OPTION constraints-hint-short=Please use letters and digits.
    OPTION constraints-hint-long=Please use letters and digits.%0AExtra constraints are enforced, for example%0Athe use of common car number plates.
    OPTION constraints-error-title=Passphrase Not Allowed
    SETREPEAT Repeat:
    GETPIN

    """
