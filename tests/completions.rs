//! Shell completions and the man page come from the clap definition: bash
//! really completes `sudoku-dlx gen` to `generate` once the script is
//! sourced, and the man page names the commands.

use assert_cmd::Command;

fn output(args: &[&str]) -> String {
    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bash_completes_subcommands_and_options() {
    if std::process::Command::new("bash")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("SUDOKU_DLX_REQUIRE_TOOLS").is_none(),
            "bash is required"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("sudoku-dlx.bash");
    std::fs::write(&script, output(&["completions", "bash"])).unwrap();
    let complete = |words: &str| {
        let program = format!(
            r#"source "$1"
COMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE="{words}"; COMP_POINT=${{#COMP_LINE}}
# The function bash itself would call for sudoku-dlx.
function=$(complete -p sudoku-dlx | sed -E 's/.*-F ([^ ]+).*/\1/')
"$function" sudoku-dlx "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &program, "bash"])
            .arg(&script)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(complete("sudoku-dlx gen").trim(), "generate");
    let print = complete("sudoku-dlx print --per");
    assert!(print.lines().any(|l| l == "--per-page"), "{print}");
}

#[test]
fn every_shell_gets_a_script_and_the_man_page_lists_commands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        assert!(output(&["completions", shell]).contains("generate"), "{shell}");
    }
    let man = output(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH sudoku-dlx"),
        "{}",
        &man[..80]
    );
    for command in ["generate", "print", "completions", "man"] {
        assert!(man.contains(command), "{command}");
    }
}
