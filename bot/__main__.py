"""`python -m bot`: for now, a demo match between AI players in the terminal (the host replaces this)."""

from games import arena

if __name__ == "__main__":
    seats = "random,random,random,random"
    arena.main(["tricks", "--seats", seats, "--games", "10", "--options", '{"target": 13}'])
