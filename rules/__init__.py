"""Pure game rules: typed states, actions and `apply`, with no Discord, SQL, I/O or clock."""
